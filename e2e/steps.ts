import type { Locator, Page } from '@playwright/test';
import { openSelectList } from './grid-helpers.ts';

/**
 * A user's steps, counted: every click, every typing into a field and every key press is one, a choice in a
 * select two (open it, pick). A story that promises "in under N steps" drives the page only through this.
 */
export class Steps {
  count = 0;
  readonly log: string[] = [];

  constructor(private readonly page: Page) {}

  private note(what: string) {
    this.count += 1;
    this.log.push(`${this.count}. ${what}`);
  }

  async click(target: Locator, what = String(target)) {
    this.note(`click ${what}`);
    await target.click();
  }

  async fill(target: Locator, text: string, what = String(target)) {
    this.note(`type "${text}" into ${what}`);
    await target.fill(text);
  }

  async check(target: Locator, what = String(target)) {
    this.note(`tick ${what}`);
    await target.check();
  }

  /** Opens a select and picks the option titled `title`: two steps. */
  async choose(select: Locator, title: string, what = String(select)) {
    this.note(`open ${what}`);
    await select.click();
    this.note(`pick ${title}`);
    const option = openSelectList(this.page).getByTitle(title, { exact: true });
    await option.click();
  }
}
