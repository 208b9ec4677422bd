import type { PreferencesDocument } from '@penny/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import type { SessionUser } from '../../session/index.ts';
import { json, stubIdentityNetwork } from '../../testing/identity-network.ts';
import { ThemeProvider } from '../../ui/theme.tsx';
import { PreferencesWizard } from './preferences-wizard.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => resetPublicConfig());

const ada: SessionUser = {
  id: 'user-1',
  email: 'ada@example.com',
  emailVerified: true,
  name: 'Ada Lovelace',
  username: 'ada',
  firstName: 'Ada',
  middleName: null,
  lastName: 'Lovelace',
  phoneNumber: '+15551234567',
  country: 'France',
  dateOfBirth: '1990-05-01',
};

function renderWizard(initial: PreferencesDocument = {}, allowSkip = true) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const onSaveAndClose = vi.fn();
  render(
    <ThemeProvider>
      <PreferencesWizard
        open
        onClose={onClose}
        allowSkip={allowSkip}
        initial={initial}
        user={ada}
        profileInfo={null}
        onSaved={onSaved}
        onSaveAndClose={onSaveAndClose}
      />
    </ThemeProvider>,
  );
  return { onClose, onSaved, onSaveAndClose, user: userEvent.setup() };
}

function dialog() {
  return screen.getByRole('dialog', { name: 'Personalize Penny' });
}

function summary() {
  return within(dialog()).getByRole('complementary', { name: 'Your selections' });
}

describe('preferences wizard', () => {
  it("welcomes with four cards and 'Skip for now' when skipping is allowed", async () => {
    stubIdentityNetwork();
    const { user, onClose } = renderWizard();
    for (const card of ['Your Background', 'Financial Experience', 'Response Detail', 'Conversation Tone']) {
      expect(within(dialog()).getByRole('button', { name: new RegExp(`^${card}`) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("has no 'Skip for now' when opened on purpose, and any card opens its section", async () => {
    stubIdentityNetwork();
    const { user } = renderWizard({}, false);
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: /^Conversation Tone/ }));
    expect(
      within(dialog()).getByRole('heading', { name: 'Conversation Tone', level: 3 }),
    ).toBeInTheDocument();
  });

  it('walks every section with its rules, shows the summary, and saves the document', async () => {
    const network = stubIdentityNetwork();
    const { user, onSaved, onSaveAndClose, onClose } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Get started' }));

    // Occupation: 39 suggestions plus custom entries; Save needs one.
    expect(within(summary()).getAllByText('Nothing yet')).toHaveLength(5);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const group = screen.getByRole('group', { name: 'Occupations' });
    // The long list starts collapsed so that Next stays in sight; 'Show all' opens it.
    expect(within(group).getAllByRole('button')).toHaveLength(12);
    expect(screen.getByRole('heading', { name: 'Your Background', level: 3 })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show all 39 occupations' }));
    expect(within(group).getAllByRole('button')).toHaveLength(39);
    await user.click(within(group).getByRole('button', { name: 'Teacher' }));
    expect(within(group).getByRole('button', { name: 'Teacher' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Add another occupation'), '  Beekeeper {Enter}');
    await user.type(screen.getByLabelText('Add another occupation'), 'beekeeper{Enter}');
    expect(within(group).getAllByRole('button')).toHaveLength(40);
    expect(within(summary()).getByText('Beekeeper')).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Financial: Next needs a rated category; rating defaults to 5 and risk to 1 with the hints.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Rate Investing' }));
    const rating = screen.getByRole('radiogroup', { name: 'Investing experience' });
    expect(within(rating).getByRole('radio', { name: '5' })).toBeChecked();
    const risk = screen.getByRole('radiogroup', { name: 'Investing risk' });
    expect(within(risk).getByRole('radio', { name: '1, Conservative Risk' })).toBeChecked();
    await user.click(within(risk).getByRole('radio', { name: '3, High Risk' }));
    await user.click(within(rating).getByRole('radio', { name: '8' }));
    expect(within(summary()).getByText('Investing: 8/10 · High Risk')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Detail: all three needed.
    const nextButton = () => screen.getByRole('button', { name: 'Next' });
    for (const [label, value] of [
      ['Numbers', '7'],
      ['Visuals', '3'],
    ] as const) {
      await user.click(
        within(screen.getByRole('radiogroup', { name: label })).getByRole('radio', {
          name: new RegExp(`^${value}`),
        }),
      );
      expect(nextButton()).toBeDisabled();
    }
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'AI Context' })).getByRole('radio', { name: /^10/ }),
    );
    await user.click(nextButton());

    // Tone: 1 to 3; the next button reads 'AI Prompt Generation'.
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Formal' })).getByRole('radio', { name: /^2/ }),
    );
    await user.click(screen.getByRole('button', { name: 'AI Prompt Generation' }));

    // Prompt: capped at 200 words; auto-generate.
    const prompt = screen.getByLabelText('Custom prompt');
    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));
    await waitFor(() => expect(prompt).toHaveValue('Explain things simply.'));
    const generateCall = network.callsTo('POST /db/generate-preference-prompt')[0];
    expect(generateCall?.sealed).toBe(true);
    expect(generateCall?.body).toMatchObject({
      user_info: { username: 'ada', firstName: 'Ada', lastName: 'Lovelace', country: 'France' },
      preferences: { 'Conversation Tone': { tone_formal: '2/3' } },
      existing_prompt: null,
    });

    await user.click(screen.getByRole('button', { name: 'Save & Close' }));
    await waitFor(() => expect(onSaveAndClose).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const saved = network.callsTo('POST /db/save-user-preferences')[0]?.body;
    expect(saved).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      preferences: {
        'Financial Experience': { Investing: '8/10', 'Investing Risk': '3/3' },
        'Response Detail': { 'Detail Numbers': '7/10', 'Detail Visual': '3/10', 'Detail Context': '10/10' },
        'Conversation Tone': { tone_formal: '2/3' },
        Profile: {
          Name: 'Ada Lovelace',
          DateOfBirth: '1990-05-01',
          Country: 'France',
          Occupation: ['Teacher', 'Beekeeper'],
        },
        User_Preference_Prompt: 'Explain things simply.',
      },
    });
    expect(onSaved).toHaveBeenCalledWith((saved as { preferences: unknown }).preferences);
  }, 20_000);

  it('Save on a section moves to the prompt and writes one when there is none', async () => {
    const network = stubIdentityNetwork();
    const { user } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Occupations' })).getByRole('button', { name: 'Nurse' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Custom prompt')).toHaveValue('Explain things simply.');
    expect(network.callsTo('POST /db/save-user-preferences')).toHaveLength(1);
    expect(network.callsTo('POST /db/generate-preference-prompt')).toHaveLength(1);
  });

  it("says 'Failed to generate prompt. Please try again.' when generation fails or returns nothing", async () => {
    stubIdentityNetwork({
      handlers: { 'POST /db/generate-preference-prompt': () => json({ success: true, prompt: '' }) },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWizard({ User_Preference_Prompt: 'Be brief.' }, false);
    await user.click(within(dialog()).getByRole('button', { name: /^Conversation Tone/ }));
    await user.click(screen.getByRole('button', { name: 'AI Prompt Generation' }));
    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate prompt. Please try again.',
    );
    expect(screen.getByLabelText('Custom prompt')).toHaveValue('Be brief.');
  });

  it('ignores prompt input past 200 words', async () => {
    stubIdentityNetwork();
    const start = Array.from({ length: 199 }, (_, i) => `w${i}`).join(' ');
    const { user } = renderWizard({ User_Preference_Prompt: start }, false);
    await user.click(within(dialog()).getByRole('button', { name: /^Conversation Tone/ }));
    await user.click(screen.getByRole('button', { name: 'AI Prompt Generation' }));
    const prompt = screen.getByLabelText('Custom prompt');
    expect(screen.getByText('199/200 words')).toBeInTheDocument();
    await user.type(prompt, ' last extra');
    expect(screen.getByText('200/200 words')).toBeInTheDocument();
    expect(prompt).toHaveValue(`${start} last `);
  });

  it("asks 'Changes not saved. Save before closing?' and saves on OK", async () => {
    const network = stubIdentityNetwork();
    const { user, onClose } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    await user.click(screen.getByRole('button', { name: 'Show all 39 occupations' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Occupations' })).getByRole('button', { name: 'Chef' }),
    );
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(confirm).toHaveTextContent('Changes not saved. Save before closing?');
    expect(within(confirm).getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(network.callsTo('POST /db/save-user-preferences')[0]?.body).toMatchObject({
      preferences: { Profile: { Occupation: ['Chef'] } },
    });
  });

  it('closes without asking when nothing changed', async () => {
    const network = stubIdentityNetwork();
    const { user, onClose } = renderWizard();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(network.callsTo('POST /db/save-user-preferences')).toHaveLength(0);
  });

  it("closes without saving on 'Close without saving'", async () => {
    const network = stubIdentityNetwork();
    const { user, onClose } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    await user.click(screen.getByRole('button', { name: 'Show all 39 occupations' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Occupations' })).getByRole('button', { name: 'Chef' }),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Close without saving' }));
    expect(onClose).toHaveBeenCalled();
    expect(network.callsTo('POST /db/save-user-preferences')).toHaveLength(0);
  });
});
