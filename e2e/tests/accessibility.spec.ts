import { type MenuItem, menuUrlToPath } from '@trestle/shared';
import { axeFindings, formatFindings } from '../axe.ts';
import { expect, type Page, shoot, test, tokenOf } from '../fixtures.ts';
import { toolbarButton } from '../grid-helpers.ts';

/** The screens of the signed-in user's menu: every entry with a url, once per route. */
async function menuScreens(page: Page): Promise<{ path: string; name: string }[]> {
  const res = await page.request.get('/api/menu/getTreeMenu', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: MenuItem[] };
  // One visit per route: the same url may sit under two folders (the shell names it after the first).
  const screens = new Map<string, { path: string; name: string }>();
  for (const m of data) {
    const path = m.url ? menuUrlToPath(m.url) : null;
    if (path && !screens.has(path.toLowerCase())) screens.set(path.toLowerCase(), { path, name: m.name });
  }
  return [...screens.values()];
}

/** Waits until the screen at the hash has drawn: its name in the heading, no navigation bar, no spinner. */
async function settledScreen(page: Page, name: string) {
  // The shell's heading changes with the screen it shows (a second h1 is reported by outline()).
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(name);
  await expect(page.getByTestId('nav-loading')).toHaveCount(0);
  await expect(page.getByRole('main').locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** The page's outline as a screen reader user meets it: one main landmark, one level-1 heading. */
async function outline(page: Page) {
  return {
    mains: await page.getByRole('main').count(),
    h1s: await page.getByRole('heading', { level: 1 }).count(),
  };
}

test.describe('accessibility (axe-core, WCAG 2 A and AA)', () => {
  test.use({ signedInAs: 'admin' });

  test('the shell (header, and the menu with every folder open) has no serious violation', async ({ page }) => {
    await page.goto('/#/home');
    await settledScreen(page, 'Home');
    const nav = page.getByTestId('menu');
    // Folder by folder: a nested one (Logs) shows once its parent has opened.
    const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    await expect(async () => {
      if ((await closed.count()) > 0) await closed.filter({ visible: true }).first().click();
      expect(await closed.count()).toBe(0);
    }).toPass();
    expect(await outline(page)).toEqual({ mains: 1, h1s: 1 });
    expect(formatFindings('/home with the menu open', await axeFindings(page))).toBe('');
  });

  // The screens in three parts, each within its own time limit on a busy machine; the shell is checked above.
  for (const part of [0, 1, 2]) {
    test(`menu screens, part ${part + 1} of 3: one main landmark, one level-1 heading with the screen's name, no serious violation`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.goto('/#/home');
      const all = await menuScreens(page);
      expect(all.length).toBeGreaterThan(30);
      const problems: string[] = [];
      for (const { path, name } of all.filter((_, i) => i % 3 === part)) {
        // A hash change: the same document, so the app is not loaded again between screens.
        await page.evaluate((hash) => {
          window.location.hash = hash;
        }, path);
        await settledScreen(page, name);
        const { mains, h1s } = await outline(page);
        if (mains !== 1 || h1s !== 1) problems.push(`${path}: ${mains} main landmarks, ${h1s} level-1 headings`);
        else problems.push(formatFindings(path, await axeFindings(page, 'main')));
      }
      expect(problems.filter(Boolean).join('\n')).toBe('');
    });
  }

  test('the add dialog has no serious violation, keeps the focus inside and gives it back to Add on close', async ({
    page,
  }) => {
    await page.goto('/#/Employee');
    await settledScreen(page, 'Employees');
    const add = toolbarButton(page, 'Add');
    await add.click();
    const dialog = page.getByRole('dialog', { name: /Add/ });
    await expect(dialog.getByLabel('Code')).toBeVisible();
    expect(formatFindings('add dialog', await axeFindings(page, '.ant-modal-wrap'))).toBe('');
    await shoot(page, 'a11y-add-dialog-en.png');

    // Tab runs round the dialog's fields and buttons, never out to the page behind it.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap'))).toBe(true);
    }
    // Esc closes what is open on top first (a date picker's calendar, say), then the dialog.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0, { timeout: 1000 });
    }).toPass();
    await expect(add).toBeFocused();
  });

  test('简体中文: the screen name is the level-1 heading and a grid passes axe', async ({ page }) => {
    await page.goto('/#/ProjectInformation');
    await page.getByText('简体中文').click();
    await settledScreen(page, '项目信息');
    expect(await outline(page)).toEqual({ mains: 1, h1s: 1 });
    expect(formatFindings('/ProjectInformation zh-CN', await axeFindings(page))).toBe('');
    await shoot(page, 'a11y-projects-zh.png');
  });
});

/** Opens Employees' add dialog and returns the motion classes (antd's zoom, fade, move) it went through. */
async function motionClassesOfAddDialog(page: Page): Promise<string[]> {
  await page.goto('/#/Employee');
  await settledScreen(page, 'Employees');
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { motionSeen: Set<string> }).motionSeen = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const nodes = r.type === 'attributes' ? [r.target] : [...r.addedNodes];
        for (const n of nodes) {
          if (!(n instanceof Element)) continue;
          for (const el of [n, ...n.querySelectorAll('*')]) {
            for (const c of el.classList) if (/-(zoom|fade|move)-/.test(c)) seen.add(c);
          }
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await toolbarButton(page, 'Add').click();
  await expect(page.getByRole('dialog', { name: /Add/ }).getByLabel('Code')).toBeVisible();
  await page.waitForTimeout(500);
  return page.evaluate(() => [...(window as unknown as { motionSeen: Set<string> }).motionSeen]);
}

test.describe('reduced motion (WCAG 2.3.3)', () => {
  test.use({ signedInAs: 'admin' });

  test.describe('when the system asks for less motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('dialogs open without animating', async ({ page }) => {
      // antd still names the motion it skips (…-appear, …-prepare); an animation that runs goes …-active.
      expect((await motionClassesOfAddDialog(page)).filter((c) => c.endsWith('-active'))).toEqual([]);
    });
  });

  test.describe('when it does not', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('dialogs zoom in as usual', async ({ page }) => {
      expect(await motionClassesOfAddDialog(page)).toContain('ant-zoom-appear-active');
    });
  });
});

test.describe('accessibility of the sign-in screen', () => {
  test('the login page has a main landmark, a level-1 heading and no serious violation', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByLabel(/user name/i)).toBeVisible();
    expect(await outline(page)).toEqual({ mains: 1, h1s: 1 });
    expect(formatFindings('/login', await axeFindings(page))).toBe('');
  });
});
