import { type ReactElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart, loadDrawnParts, noteDrawnParts } from './lazy-with-preload';

/** A module that arrives when `arrive` is called, like a chunk on a slow network. */
function slowModule<M>(module: M) {
  let arrive = () => {};
  let asked = 0;
  const arrived = new Promise<M>((resolve) => {
    arrive = () => resolve(module);
  });
  return {
    load: () => {
      asked++;
      return arrived;
    },
    arrive: () => arrive(),
    asked: () => asked,
  };
}

describe('a lazily loaded part of a drawn page', () => {
  it('is noted when drawn, loaded (with the parts inside it) by name, and then drawn without suspending', async () => {
    const inner = slowModule({ Inner: () => <em>inner</em> });
    // The inner part registers itself only once the outer one's code has run, as a nested chunk does.
    let Inner: ReturnType<typeof lazyPart<{ Inner: () => ReactElement }, object>> | undefined;
    const outer = slowModule({
      Outer: () => (Inner ? <Inner /> : <b>outer</b>),
    });
    // The outer module's code registers the inner part as it runs, before its import settles.
    const outerCode = () =>
      outer.load().then((module) => {
        Inner = lazyPart('test-inner', inner.load, (m) => m.Inner);
        return module;
      });
    const Outer = lazyPart('test-outer', outerCode, (m) => m.Outer);
    expect(() => lazyPart('test-outer', outer.load, (m) => m.Outer)).toThrow(/two lazily loaded parts/);

    // Before its code is there, the part suspends: its boundary's fallback is drawn, and it is noted.
    const done = noteDrawnParts();
    const before = renderToString(
      <Suspense fallback={<i>waiting</i>}>
        <Outer />
      </Suspense>,
    );
    expect(done()).toEqual(['test-outer']);
    expect(before).toContain('waiting');

    // The browser loads what the page names; a name no module registers is let go.
    const loading = loadDrawnParts(['test-outer', 'test-inner', 'gone-from-this-build']);
    outer.arrive();
    inner.arrive();
    await loading;
    expect([outer.asked(), inner.asked()]).toEqual([1, 1]);

    // Both loaded: drawn at once, in one pass, with no fallback (React.lazy would suspend once more).
    const after = renderToString(
      <Suspense fallback={<i>waiting</i>}>
        <Outer />
      </Suspense>,
    );
    expect(after).toContain('<em>inner</em>');
    expect(after).not.toContain('waiting');
    // Outside a drawing nothing is noted.
    expect(noteDrawnParts()()).toEqual([]);
  });
});
