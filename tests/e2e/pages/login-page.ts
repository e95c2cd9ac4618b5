import type { BrowserContext, Locator, Page } from 'playwright-core';

/** How long a page object waits for the UI: the test machine is small and busy. */
export const UI_WAIT_MS = 60_000;

/** Opens a page in a fresh context with generous default timeouts. */
export async function openPage(context: BrowserContext): Promise<Page> {
  context.setDefaultTimeout(UI_WAIT_MS);
  context.setDefaultNavigationTimeout(UI_WAIT_MS);
  return context.newPage();
}

/** Polls `check` until it answers true; throws `message` after `timeoutMs`. */
/** `message` may be a function, to say what was last seen when the wait gives up. */
export async function waitUntil(check: () => Promise<boolean>, message: string | (() => string), timeoutMs = UI_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${typeof message === 'string' ? message : message()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The login screen: username, password, the ALTCHA human check, Login and Forgot Password. */
export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly loginButton: Locator;
  readonly forgotPasswordButton: Locator;
  /** The ALTCHA web component; its checkbox is labelled "I'm not a robot" until solved. */
  readonly humanCheck: Locator;
  readonly humanCheckBox: Locator;
  /** Sign-in failures are announced as alerts. */
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign in' });
    this.username = page.getByLabel('Username', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.loginButton = page.getByRole('button', { name: 'Login', exact: true });
    this.forgotPasswordButton = page.getByRole('button', { name: 'Forgot Password' });
    this.humanCheck = page.locator('altcha-widget');
    this.humanCheckBox = this.humanCheck.getByRole('checkbox');
    this.alert = page.getByRole('alert');
  }

  /** Opens the app at `path` (signed out, every path shows the login) and waits for the form. */
  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor({ state: 'visible', timeout: UI_WAIT_MS });
  }

  async fillCredentials(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  /**
   * Ticks "I'm not a robot" and waits for the proof of work to finish. The label is
   * clicked, as a user would: the checkbox itself sits under the widget's tick mark.
   */
  async solveHumanCheck(): Promise<void> {
    await this.humanCheck.getByText("I'm not a robot").click();
    await this.humanCheck.locator('[data-state="verified"]').waitFor({ state: 'attached', timeout: UI_WAIT_MS });
  }

  async isHumanCheckSolved(): Promise<boolean> {
    return (await this.humanCheck.locator('[data-state="verified"]').count()) > 0;
  }

  /** Fills the form, solves the human check and waits until the Login button is enabled. */
  async prepare(username: string, password: string): Promise<void> {
    await this.fillCredentials(username, password);
    await this.solveHumanCheck();
    await waitUntil(() => this.loginButton.isEnabled(), 'the Login button to become enabled');
  }

  /**
   * Signs in through the form and waits until the login has gone and the app (the
   * shell, or the terms of use for a user who has not accepted them) shows. Opens
   * the app first when the page is still blank.
   */
  async signIn(username: string, password: string): Promise<void> {
    if (this.page.url() === 'about:blank') await this.goto('/');
    else await this.waitUntilShown();
    await this.prepare(username, password);
    await this.loginButton.click();
    await this.page
      .getByTestId('user-name')
      .or(this.page.getByRole('heading', { name: 'Terms of Use' }))
      .or(this.alert)
      .first()
      .waitFor({ state: 'visible', timeout: UI_WAIT_MS });
    if (await this.heading.isVisible()) {
      throw new Error(`Signing in as ${username} failed: ${(await this.alertTexts()).join(' / ') || 'still on the login'}`);
    }
  }

  /** The text of the visible alert(s), e.g. a login failure. */
  async alertTexts(): Promise<string[]> {
    return (await this.alert.allTextContents()).map((t) => t.trim()).filter(Boolean);
  }
}
