import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { literalTexts } from './literal-text';
import untranslated from './untranslated.json';

const texts = (source: string) => literalTexts('x.tsx', source).map((t) => t.text);

describe('literalTexts', () => {
  it('finds JSX text, text props and text keys, and phrases anywhere else', () => {
    expect(
      texts(`
        const a = <Button aria-label="Close dialog">Save changes</Button>;
        const b = <Field label={busy ? 'Saving' : 'Name'} placeholder={\`Search \${n}\`} />;
        toaster.create({ title: 'Event saved', description: 'It is in your calendar.' });
        function status(s) { if (s) return 'Pending'; return 'Waiting for the vendor'; }
      `),
    ).toEqual([
      'Close dialog',
      'Save changes',
      'Saving',
      'Name',
      'Search',
      'Event saved',
      'It is in your calendar.',
      'Pending',
      'Waiting for the vendor',
    ]);
  });

  it('finds a shared schema’s English sentence drawn as it is, not one given to messageText', () => {
    expect(
      texts(`
        const a = <Alert.Title>{EVENT_MESSAGES.pastDate}</Alert.Title>;
        const b = <Alert.Title>{messageText(EVENT_MESSAGES.pastDate)}</Alert.Title>;
        const c = <Notice message={MESSAGES.notSignedIn} />;
      `),
    ).toEqual(['EVENT_MESSAGES.pastDate']);
  });

  it('leaves values alone: imports, comparisons, cases, keys, style props, errors for developers', () => {
    expect(
      texts(`
        import { X } from 'Some Module';
        if (event.key === 'Enter' || type !== 'Bar Mitzvah') go();
        switch (s) { case 'Wedding': break; }
        const style = <Box justify="space-between" bg="gray.50" transition="all 0.2s" />;
        const map = { Wedding: 1 };
        throw new Error('Something impossible happened');
        console.error('Could not start');
        const category = /* value: stored category */ 'Venues';
        const symbol = <span>·</span>;
      `),
    ).toEqual([]);
  });
});

describe('client modules', () => {
  const files = execSync('git ls-files src/client', { cwd: `${import.meta.dirname}/../../..` })
    .toString()
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.|\/i18n\//.test(f));
  const pending = new Set<string>(untranslated);

  it('take every text a person reads from the catalogues', () => {
    const problems: string[] = [];
    for (const file of files) {
      if (pending.has(file)) continue;
      const found = literalTexts(file, readFileSync(`${import.meta.dirname}/../../../${file}`, 'utf8'));
      for (const { line, text } of found) problems.push(`${file}:${line} ${JSON.stringify(text)}`);
    }
    expect(problems).toEqual([]);
  });

  it('list as untranslated only modules that still have literal texts (the list only shrinks)', () => {
    const done = [...pending].filter(
      (file) =>
        !files.includes(file) ||
        literalTexts(file, readFileSync(`${import.meta.dirname}/../../../${file}`, 'utf8')).length === 0,
    );
    expect(done).toEqual([]);
  });
});
