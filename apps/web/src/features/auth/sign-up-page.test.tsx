import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { authError, json, stubIdentityNetwork } from '../../testing/identity-network.ts';
import { renderApp } from '../../testing/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => resetPublicConfig());

type User = ReturnType<typeof userEvent.setup>;

async function openSignUp() {
  renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create an account' });
  return userEvent.setup();
}

function progress() {
  return screen.getByRole('progressbar', { name: 'Sign-up progress' });
}

async function next(user: User) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function passAgreement(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }));
  await next(user);
  await screen.findByLabelText('Email');
}

async function passCredentials(user: User, username = 'ada_l') {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await next(user);
  await screen.findByLabelText('First name');
}

async function passNames(user: User) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await next(user);
  await screen.findByLabelText('Phone number');
}

async function chooseCountry(user: User, search: string, name: string) {
  const country = screen.getByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(country).toBeEnabled(), { timeout: 5000 });
  await user.click(country);
  await user.type(country, search);
  await user.click(within(screen.getByRole('listbox', { name: 'Countries' })).getByRole('option', { name }));
}

describe('sign-up step 1: agreement', () => {
  it('shows a 4-segment progress bar, the legal links, and Next reads disabled until both are ticked', async () => {
    stubIdentityNetwork();
    const user = await openSignUp();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(progress()).toHaveAttribute('aria-valuemax', '4');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Read the Terms and Conditions' })).toHaveAttribute(
        'href',
        'https://example.com/terms',
      ),
    );
    expect(screen.getByRole('link', { name: 'Read the Privacy Policy' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');

    const nextButton = screen.getByRole('button', { name: 'Next' });
    expect(nextButton).toHaveAttribute('aria-disabled', 'true');
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must agree to the Terms and Conditions to continue.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('You must agree to the Privacy Policy to continue.');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }));
    expect(nextButton).not.toHaveAttribute('aria-disabled');
    await next(user);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
  });
});

describe('sign-up step 2: account', () => {
  it.each([
    [
      { email: '', username: 'ada_l', password: 'secret1', confirm: 'secret1' },
      'Fill Email, Username, Password.',
      ['Email'],
    ],
    [
      { email: 'ada@', username: 'ada_l', password: 'secret1', confirm: 'secret1' },
      'Invalid email.',
      ['Email'],
    ],
    [
      { email: 'ada@example.com', username: 'ada_l', password: 'short', confirm: 'short' },
      'Password ≥ 6 chars.',
      ['Password'],
    ],
    [
      { email: 'ada@example.com', username: 'ada_l', password: 'secret1', confirm: 'secret2' },
      'Passwords do not match.',
      ['Confirm password'],
    ],
  ])('refuses %j with %j, marking only the fields at fault', async (input, message, faulty) => {
    const network = stubIdentityNetwork();
    const user = await openSignUp();
    await passAgreement(user);
    if (input.email) await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Username'), input.username);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.type(screen.getByLabelText('Confirm password'), input.confirm);
    await next(user);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(message);
    for (const label of ['Email', 'Username', 'Password', 'Confirm password']) {
      const field = screen.getByLabelText(label);
      if (faulty.includes(label)) {
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.parentElement?.id);
      } else {
        expect(field).not.toHaveAttribute('aria-invalid');
      }
    }
    expect(screen.getByLabelText(faulty[0] ?? '')).toHaveFocus();
    expect(network.callsTo('POST /api/auth/is-username-available')).toHaveLength(0);
  });

  it("says 'Username already exists. Please choose a different one.' when the server has it", async () => {
    const network = stubIdentityNetwork({
      handlers: { 'POST /api/auth/is-username-available': () => json({ available: false }) },
    });
    const user = await openSignUp();
    await passAgreement(user);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Username'), 'Taken_Name');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await next(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username already exists. Please choose a different one.',
    );
    expect(network.callsTo('POST /api/auth/is-username-available')[0]?.body).toEqual({
      username: 'Taken_Name',
    });
  });

  it("continues with 'Username will be verified during sign-up.' when the check cannot run", async () => {
    stubIdentityNetwork({
      handlers: { 'POST /api/auth/is-username-available': () => authError(429, 'Too many requests') },
    });
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    expect(screen.getByRole('status')).toHaveTextContent('Username will be verified during sign-up.');
  });

  it('Previous goes back one step and clears the error', async () => {
    stubIdentityNetwork();
    const user = await openSignUp();
    await passAgreement(user);
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Fill Email, Username, Password.');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    // The ticks are kept while moving between steps.
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).toBeChecked();
  });
});

describe('sign-up step 3: names', () => {
  it("asks for first and last name: 'Fill First & Last Name.'", async () => {
    stubIdentityNetwork();
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Middle name (optional)'), 'King');
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Fill First & Last Name.');
  });
});

describe('sign-up step 4: contact and creation', () => {
  it('validates phone, country and date of birth in the required words (docs/product/identity.md, "Validation rules")', async () => {
    stubIdentityNetwork();
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);

    const create = screen.getByRole('button', { name: 'Create Account' });
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Fill Phone, Country, DOB.');

    // Digits only: everything else typed or pasted is dropped.
    const phone = screen.getByLabelText('Phone number');
    await user.type(phone, '(555) 12-3');
    expect(phone).toHaveValue('555123');
    await chooseCountry(user, 'king', 'United Kingdom');
    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAttribute('type', 'date');
    const today = new Date();
    const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(dob).toHaveAttribute('max', todayIso);
    await user.type(dob, '1990-05-01');
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid phone number.');
  });

  it("offers about 200 grouped calling codes defaulting to '+1 (US/CA)', searchable by country", async () => {
    stubIdentityNetwork();
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);
    const code = screen.getByRole('combobox', { name: 'Country code' });
    expect(code).toHaveValue('+1 (US/CA)');
    await user.click(code);
    const list = screen.getByRole('listbox', { name: 'Country codes' });
    const count = within(list).getAllByRole('option').length;
    expect(count).toBeGreaterThan(100);
    expect(count).toBeLessThan(260);
    await user.clear(code);
    await user.type(code, 'germany');
    await user.keyboard('{Enter}');
    expect(code).toHaveValue('+49 (DE)');
  });

  it('uses the live countries service when it answers, sorted by name', async () => {
    const names = Array.from({ length: 160 }, (_, i) => `Country ${String(i).padStart(3, '0')}`).reverse();
    stubIdentityNetwork({ countries: [...names, 'Åland Islands'] });
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);
    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toBeEnabled(), { timeout: 5000 });
    await user.click(country);
    const options = within(screen.getByRole('listbox', { name: 'Countries' })).getAllByRole('option');
    expect(options).toHaveLength(161);
    expect(options[0]).toHaveTextContent('Åland Islands');
    expect(options[1]).toHaveTextContent('Country 000');
  });

  it("creates the account ('Creating Account...'), shows 'Almost there!' and sets up the data container", async () => {
    let release: () => void = () => {};
    const network = stubIdentityNetwork({
      handlers: {
        'POST /api/auth/sign-up/email': async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return json({ token: null, user: { id: 'u1' } });
        },
      },
    });
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);
    await user.type(screen.getByLabelText('Phone number'), '5551234567');
    await chooseCountry(user, 'united k', 'United Kingdom');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-01');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    act(() => release());

    expect(await screen.findByRole('heading', { name: 'Almost there!' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(await screen.findByText('Your account is set up.')).toBeInTheDocument();

    expect(network.callsTo('POST /api/auth/sign-up/email')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      name: 'Ada Lovelace',
      username: 'ada_l',
      firstName: 'Ada',
      middleName: null,
      lastName: 'Lovelace',
      phoneNumber: '+15551234567',
      country: 'United Kingdom',
      dateOfBirth: '1990-05-01',
      agreedToTerms: true,
      agreedToPrivacy: true,
      callbackURL: 'http://localhost:3000/signin?verified=1',
    });
    const [setup] = network.callsTo('POST /db/database-setup');
    expect(setup?.sealed).toBe(true);
    expect(setup?.authorization).toBe('Bearer anon-token');
    expect(setup?.body).toEqual({
      username: 'ada_l',
      firstName: 'Ada',
      middleName: null,
      lastName: 'Lovelace',
      phoneNumber: '+15551234567',
      country: 'United Kingdom',
      dateOfBirth: '1990-05-01',
    });
  });

  it.each([
    [() => json({ success: false, error: 'disk full' }), 'Setup error: disk full'],
    [() => json({ success: false, error: 'nope' }, { status: 500 }), 'Error 500'],
  ])('shows the setup outcome %#', async (reply, message) => {
    stubIdentityNetwork({ handlers: { 'POST /db/database-setup': reply } });
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);
    await user.type(screen.getByLabelText('Phone number'), '5551234567');
    await chooseCountry(user, 'france', 'France');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-01');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows the authentication error, and a taken username sends the user back to step 2', async () => {
    stubIdentityNetwork({
      handlers: {
        'POST /api/auth/sign-up/email': () =>
          authError(422, 'Username is already taken. Please try another.', 'USERNAME_IS_ALREADY_TAKEN'),
      },
    });
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);
    await user.type(screen.getByLabelText('Phone number'), '5551234567');
    await chooseCountry(user, 'france', 'France');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-01');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username already exists. Please choose a different one.',
    );
    expect(screen.getByLabelText('Username')).toHaveValue('ada_l');
  });
});

describe('switching between sign-in and sign-up', () => {
  it('resets every field, the step, the checkboxes and the country code', async () => {
    stubIdentityNetwork();
    const user = await openSignUp();
    await passAgreement(user);
    await passCredentials(user);
    await passNames(user);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign In' });
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { name: 'Create an account' });
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' })).not.toBeChecked();
    await passAgreement(user);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });
});
