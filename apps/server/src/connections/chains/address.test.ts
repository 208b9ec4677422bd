import { describe, expect, it } from 'vitest';
import { validateAddress } from './address.ts';

describe('validateAddress', () => {
  it.each([
    ['eth', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['eth', '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['eth', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['sol', 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9', 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9'],
    ['btc', 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw', 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw'],
    ['btc', 'BC1Q0XCQPZRKY6EFF2G52QDYE53XKK9JXKVRH6YHYW', 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw'],
    ['btc', '1C6Rc3w25VHud3dLDamutaqfKWqhrLRTaD', '1C6Rc3w25VHud3dLDamutaqfKWqhrLRTaD'],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    [
      'btc',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ],
  ] as const)('accepts %s %s as %s', (chain, address, canonical) => {
    expect(validateAddress(chain, address)).toEqual({ ok: true, address: canonical });
  });

  it.each([
    ['eth', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'a wrong checksum'],
    ['eth', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226', 'one digit short'],
    ['eth', 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'no 0x'],
    ['eth', ' 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'a leading space'],
    ['sol', 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ0', 'a character outside base58'],
    ['sol', 'AKnL4NNf3DGWZJS6cPknBuEGnV', 'too short'],
    ['sol', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'an Ethereum address'],
    ['btc', 'tb1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw', 'a testnet address'],
    ['btc', 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyx', 'a bad bech32 checksum'],
    ['btc', 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw\u0000', 'a NUL'],
    ['btc', `1${'1'.repeat(100)}`, 'over 100 characters'],
    ['btc', '', 'nothing'],
  ] as const)('refuses %s %s (%s)', (chain, address, _reason) => {
    const result = validateAddress(chain, address);
    expect(result.ok).toBe(false);
  });

  it('says which chain the address is not valid for', () => {
    expect(validateAddress('sol', 'nope')).toEqual({ ok: false, message: 'Not a valid Solana address.' });
  });
});
