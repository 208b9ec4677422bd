import { ACCOUNT_LIMITS, accountMessages, CHAIN_CODES, CHAIN_LABELS, type ChainCode } from '@penny/contracts';
import { CheckCircle2, KeyRound, MapPin, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AccountUserInfo, storeWalletCredentials } from '../../api/index.ts';
import { Button, Field, Input, inputClassName } from '../../ui/index.ts';
import { deriveAddress, isValidAddress } from './wallet-keys.ts';
import { emptyWallet, formErrors, type WalletDraft, walletRequest } from './web3-wallets.ts';

export type Web3FormProps = {
  user: AccountUserInfo;
  /** After 'Account Info Saved' has shown for 2 s. */
  onSaved: () => void;
  onBack: () => void;
};

/**
 * 'Link Web3 Accounts': one or more wallets, each named by an address (with its chain) or by a private
 * key from which the browser derives the address. Only addresses are sent, one call per wallet, all at
 * once.
 */
export function Web3Form({ user, onSaved, onBack }: Web3FormProps) {
  const [wallets, setWallets] = useState<WalletDraft[]>(() => [emptyWallet()]);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const errorsRef = useRef<HTMLDivElement>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => onSavedRef.current(), 2000);
    return () => window.clearTimeout(timer);
  }, [saved]);

  function update(key: number, change: Partial<WalletDraft>) {
    setWallets((current) =>
      current.map((wallet) => (wallet.key === key ? { ...wallet, ...change } : wallet)),
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problems = formErrors(wallets, isValidAddress);
    setErrors(problems);
    if (problems.length > 0) {
      errorsRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      // Addresses first: a key that cannot be read stops the save before anything is sent.
      const addresses: string[] = [];
      const keyErrors: string[] = [];
      for (const [index, wallet] of wallets.entries()) {
        const chain = wallet.chain as ChainCode;
        if (wallet.source === 'address') {
          addresses.push(wallet.address.trim());
          continue;
        }
        try {
          addresses.push(await deriveAddress(chain, wallet.privateKey.trim()));
        } catch {
          addresses.push('');
          keyErrors.push(
            `${accountMessages.walletErrorPrefix(index + 1)}This is not a valid ${CHAIN_LABELS[chain]} private key.`,
          );
        }
      }
      if (keyErrors.length > 0) {
        setErrors(keyErrors);
        errorsRef.current?.focus();
        return;
      }
      const now = new Date();
      const results = await Promise.all(
        wallets.map((wallet, index) =>
          storeWalletCredentials(
            walletRequest(user, { ...wallet, chain: wallet.chain as ChainCode }, addresses[index] ?? '', now),
          ),
        ),
      );
      const failures = results.flatMap((result) => (result.ok ? [] : [result.error]));
      if (failures.length > 0) {
        // The saved ones leave the form, so a second try does not save them twice.
        setWallets((current) => {
          const left = current.filter((_wallet, index) => !results[index]?.ok);
          return left.length > 0 ? left : [emptyWallet()];
        });
        setErrors(failures);
        errorsRef.current?.focus();
        return;
      }
      setSaved(true);
    } finally {
      setSaving(false);
    }
  }

  if (saved) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <CheckCircle2 aria-hidden="true" className="size-10 text-positive" />
        <p className="text-base font-semibold">{accountMessages.savedTitle}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div ref={errorsRef} tabIndex={-1} className="focus:outline-none">
        {errors.length > 0 ? (
          <div role="alert" className="rounded-lg border border-negative/50 p-3 text-sm text-negative">
            <ul className="flex flex-col gap-1">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      {wallets.map((wallet, index) => (
        <WalletFields
          key={wallet.key}
          wallet={wallet}
          number={index + 1}
          canRemove={wallets.length > 1}
          onChange={(change) => update(wallet.key, change)}
          onRemove={() => setWallets((current) => current.filter((item) => item.key !== wallet.key))}
        />
      ))}

      <Button
        variant="secondary"
        className="self-start"
        disabled={wallets.length >= ACCOUNT_LIMITS.maxWallets}
        onClick={() => setWallets((current) => [...current, emptyWallet()])}
      >
        <Plus aria-hidden="true" />
        Add another wallet
      </Button>

      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
        <Button variant="ghost" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button type="submit" loading={saving} busyLabel="Saving...">
          Save wallets
        </Button>
      </div>
    </form>
  );
}

type WalletFieldsProps = {
  wallet: WalletDraft;
  number: number;
  canRemove: boolean;
  onChange: (change: Partial<WalletDraft>) => void;
  onRemove: () => void;
};

/** Where a private key goes: what wallet-keys.ts does with it. */
export const PRIVATE_KEY_NOTE =
  'A private key stays in this browser: Penny works out the address from it and sends only the address.';

function WalletFields({ wallet, number, canRemove, onChange, onRemove }: WalletFieldsProps) {
  const legend = `Wallet #${number}`;
  const keyNoteId = useId();
  return (
    <fieldset className="relative flex flex-col gap-3 rounded-xl border border-border p-4">
      <legend className="float-left w-full pr-10 text-sm font-semibold">{legend}</legend>
      {canRemove ? (
        <Button
          variant="ghost"
          size="sm"
          className="absolute top-2 right-2"
          onClick={onRemove}
          aria-label={`Remove ${legend}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}

      <Field label="Identifier" hint="A name for this wallet, e.g. Cold storage.">
        {(control) => (
          <Input
            {...control}
            value={wallet.identifier}
            maxLength={ACCOUNT_LIMITS.identifierMax}
            autoComplete="off"
            onChange={(event) => onChange({ identifier: event.target.value })}
          />
        )}
      </Field>

      {wallet.source === 'none' ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => onChange({ source: 'address' })}>
              <MapPin aria-hidden="true" />
              Add address
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-describedby={keyNoteId}
              onClick={() => onChange({ source: 'privateKey' })}
            >
              <KeyRound aria-hidden="true" />
              Use a private key instead
            </Button>
          </div>
          {/* Said where the key is offered, not only once it is chosen: it never leaves the browser. */}
          <p id={keyNoteId} className="text-xs text-text-muted">
            {PRIVATE_KEY_NOTE}
          </p>
        </div>
      ) : null}

      <Field label="Chain" hint={wallet.source === 'none' ? 'Add an address first.' : undefined}>
        {(control) => (
          <select
            {...control}
            className={inputClassName}
            value={wallet.chain}
            disabled={wallet.source === 'none'}
            onChange={(event) => onChange({ chain: event.target.value as ChainCode | '' })}
          >
            <option value="">Choose a chain</option>
            {CHAIN_CODES.map((code) => (
              <option key={code} value={code}>
                {CHAIN_LABELS[code]}
              </option>
            ))}
          </select>
        )}
      </Field>

      {wallet.source === 'address' ? (
        <RemovableField label="Address" onRemove={() => onChange({ source: 'none', address: '', chain: '' })}>
          {(control) => (
            <Input
              {...control}
              value={wallet.address}
              maxLength={ACCOUNT_LIMITS.addressMax}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(event) => onChange({ address: event.target.value })}
            />
          )}
        </RemovableField>
      ) : null}

      {wallet.source === 'privateKey' ? (
        <RemovableField
          label="Private Key"
          hint="Used in this browser to find the address, then forgotten. It is never sent or stored."
          onRemove={() => onChange({ source: 'none', privateKey: '', chain: '' })}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              value={wallet.privateKey}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(event) => onChange({ privateKey: event.target.value })}
            />
          )}
        </RemovableField>
      ) : null}

      <Field label={`${accountMessages.tagLabel}`} optional>
        {(control) => (
          <Input
            {...control}
            value={wallet.tag}
            maxLength={ACCOUNT_LIMITS.tagMax}
            autoComplete="off"
            onChange={(event) => onChange({ tag: event.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}

function RemovableField({
  label,
  hint,
  onRemove,
  children,
}: {
  label: string;
  hint?: string;
  onRemove: () => void;
  children: Parameters<typeof Field>[0]['children'];
}) {
  return (
    <div className="flex items-start gap-2">
      <Field label={label} hint={hint} className="min-w-0 flex-1">
        {children}
      </Field>
      <Button
        variant="ghost"
        size="icon"
        className="mt-6"
        aria-label={`Remove ${label.toLowerCase()}`}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
