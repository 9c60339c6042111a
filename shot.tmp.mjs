import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3311';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const [, , lang = 'he', ...paths] = process.argv;
for (const [w, h, tag] of [[1280, 900, 'desk'], [390, 844, 'phone']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: lang === 'he' ? 'he-IL' : 'en-US' });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(tag, 'CONSOLE', m.type(), m.text().slice(0, 300)); });
  page.on('pageerror', (e) => console.log(tag, 'PAGEERROR', e.message));
  for (const p of paths) {
    let path = p; let login = null;
    if (p.includes('@')) { [login, path] = p.split('@'); }
    if (login) {
      await page.goto(base + '/login?lang=' + lang);
      await page.locator('input[type=email]').fill(login + '@simchahub.com');
      await page.locator('input[type=password]').fill('simcha123');
      await page.locator('form button[type=submit]').click();
      await page.waitForTimeout(2500);
    }
    await page.goto(base + path + (path.includes('?') ? '&' : '?') + 'lang=' + lang, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1200);
    const name = `/tmp/shot-${lang}-${tag}-${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: name, fullPage: false });
    console.log('saved', name);
  }
  await ctx.close();
}
await browser.close();
