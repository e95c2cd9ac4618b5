import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../src/domain/constants';
import { messages } from '../../../src/domain/messages';
import { Value } from '../../../src/ui/missing-value/MissingValue';
import { buildTheme } from '../../../src/ui/theme/theme';
import { TooltipProvider } from '../../../src/ui/tooltip/Tooltip';
import '../support/setup';

const wrap = (ui: React.ReactElement) => render(<ThemeProvider theme={buildTheme(DEFAULT_THEME)}><TooltipProvider>{ui}</TooltipProvider></ThemeProvider>);

describe('Value', () => {
  it('shows a present value as it is, including zero', () => {
    wrap(
      <p>
        <span>
          <Value>12 kg</Value>
        </span>
        <span>
          <Value>{0}</Value>
        </span>
      </p>,
    );
    expect(screen.getByText('12 kg')).toBeTruthy();
    expect(screen.getByText('0')).toBeTruthy();
    expect(screen.queryByText(messages.informationNotProvided)).toBeNull();
  });

  it("says 'Information is not provided' for a missing value, also as a tooltip on focus", async () => {
    wrap(<Value>{undefined}</Value>);
    const dash = screen.getByText(messages.informationNotProvided).parentElement!;
    await userEvent.tab();
    expect(document.activeElement).toBe(dash);
    expect((await screen.findByRole('tooltip')).textContent).toContain(messages.informationNotProvided);
  });
});
