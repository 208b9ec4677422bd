import { TEST_NETWORK, WIF } from '@scure/btc-signer';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { deriveAddress, isValidAddress } from './wallet-keys.ts';

// Known vectors: Hardhat's first account (a published test key), and keys of 32 bytes of 0x01.
const ETH_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ETH_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ONES = new Uint8Array(32).fill(1);
const ONES_HEX = '01'.repeat(32);
const SOL_ADDRESS = 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9';
const BTC_WPKH = 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw';
const BTC_PKH = '1C6Rc3w25VHud3dLDamutaqfKWqhrLRTaD';
const BTC_WIF = 'KwFfNUhSDaASSAwtG7ssQM1uVX8RgX5GHWnnLfhfiQDigjioWXHH';

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);
/** A Solana CLI / Phantom 64-byte secret key: the seed, then the public key. */
const solanaSecret = (seed: Uint8Array, publicKey: Uint8Array) => Uint8Array.from([...seed, ...publicKey]);
const SOL_PUBLIC = Uint8Array.from(getBase58Encoder().encode(SOL_ADDRESS));

describe('deriveAddress: Ethereum', () => {
  it('derives the checksummed address from a hex key with or without 0x, ignoring surrounding spaces', async () => {
    expect(await deriveAddress('eth', ETH_KEY)).toBe(ETH_ADDRESS);
    expect(await deriveAddress('eth', ETH_KEY.slice(2))).toBe(ETH_ADDRESS);
    expect(await deriveAddress('eth', ` ${ETH_KEY.toUpperCase().replace('0X', '0x')}\n`)).toBe(ETH_ADDRESS);
  });

  it.each([
    ['garbage', 'not a key'],
    ['31 bytes', ETH_KEY.slice(0, -2)],
    ['33 bytes', `${ETH_KEY}00`],
    ['the zero key', `0x${'00'.repeat(32)}`],
    ['a Bitcoin WIF', BTC_WIF],
    ['a Solana secret key', base58(solanaSecret(ONES, SOL_PUBLIC))],
  ])('refuses %s', async (_label, key) => {
    await expect(deriveAddress('eth', key)).rejects.toThrow('Private key is not a valid Ethereum key.');
  });
});

describe('deriveAddress: Solana', () => {
  it('derives the address from a 32-byte seed as a JSON array, hex or base58', async () => {
    expect(await deriveAddress('sol', JSON.stringify([...ONES]))).toBe(SOL_ADDRESS);
    expect(await deriveAddress('sol', ONES_HEX)).toBe(SOL_ADDRESS);
    expect(await deriveAddress('sol', base58(ONES))).toBe(SOL_ADDRESS);
  });

  it('derives the address from a 64-byte secret key as base58 (Phantom) or a JSON array (Solana CLI)', async () => {
    const secret = solanaSecret(ONES, SOL_PUBLIC);
    expect(await deriveAddress('sol', base58(secret))).toBe(SOL_ADDRESS);
    expect(await deriveAddress('sol', JSON.stringify([...secret]))).toBe(SOL_ADDRESS);
  });

  it('refuses a 64-byte key whose public half belongs to another key', async () => {
    const other = Uint8Array.from(SOL_PUBLIC);
    other[0] = (other[0] ?? 0) ^ 1;
    await expect(deriveAddress('sol', base58(solanaSecret(ONES, other)))).rejects.toThrow(
      'Private key is not a valid Solana key.',
    );
  });

  it.each([
    ['garbage', 'hello world'],
    ['base58 of the wrong length', base58(new Uint8Array(48).fill(7))],
    ['a JSON array of 63 numbers', JSON.stringify(Array(63).fill(1))],
    ['a JSON array with a value over 255', JSON.stringify([...Array(31).fill(1), 256])],
    ['broken JSON', '[1,2,3'],
    ['an address instead of a key', 'O0Il'],
    ['a Bitcoin WIF', BTC_WIF],
  ])('refuses %s', async (_label, key) => {
    await expect(deriveAddress('sol', key)).rejects.toThrow('Private key is not a valid Solana key.');
  });
});

describe('deriveAddress: Bitcoin', () => {
  it('derives the native segwit address from a compressed WIF or 32 bytes of hex', async () => {
    expect(await deriveAddress('btc', BTC_WIF)).toBe(BTC_WPKH);
    expect(await deriveAddress('btc', ONES_HEX)).toBe(BTC_WPKH);
    expect(await deriveAddress('btc', `0x${ONES_HEX}`)).toBe(BTC_WPKH);
  });

  it("honours Electrum's script prefixes", async () => {
    expect(await deriveAddress('btc', `p2wpkh:${BTC_WIF}`)).toBe(BTC_WPKH);
    expect(await deriveAddress('btc', `p2pkh:${BTC_WIF}`)).toBe(BTC_PKH);
    const nested = await deriveAddress('btc', `p2wpkh-p2sh:${BTC_WIF}`);
    expect(nested).toMatch(/^3/);
    expect(isValidAddress('btc', nested)).toBe(true);
  });

  it.each([
    ['garbage', 'correct horse battery staple'],
    ['a WIF with a broken checksum', `${BTC_WIF.slice(0, -1)}J`],
    ['a testnet WIF', WIF(TEST_NETWORK).encode(ONES)],
    ['an uncompressed WIF', '5HpjE2Hs7vjU4SN3YyPQCdhzCu92WoEeuE6PWNuiPyTu3ESGnzn'],
    ['the zero key', '00'.repeat(32)],
    ['an unknown prefix', `p2tr:${BTC_WIF}`],
    ['a Solana secret key', base58(solanaSecret(ONES, SOL_PUBLIC))],
  ])('refuses %s', async (_label, key) => {
    await expect(deriveAddress('btc', key)).rejects.toThrow('Private key is not a valid Bitcoin key.');
  });
});

describe('isValidAddress', () => {
  it.each([
    ['eth', ETH_ADDRESS, true],
    ['eth', ETH_ADDRESS.toLowerCase(), true],
    ['eth', `0x${ETH_ADDRESS.slice(2).toUpperCase()}`, true],
    ['eth', ETH_ADDRESS.replace('f39F', 'f39f'), false],
    ['eth', ETH_ADDRESS.slice(0, -1), false],
    ['eth', ` ${ETH_ADDRESS}`, false],
    ['sol', SOL_ADDRESS, true],
    ['sol', `${SOL_ADDRESS}0`, false],
    ['sol', SOL_ADDRESS.slice(0, 20), false],
    ['sol', ETH_ADDRESS, false],
    ['btc', BTC_WPKH, true],
    ['btc', BTC_PKH, true],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['btc', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
    ['btc', 'tb1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw', false],
    ['btc', `${BTC_WPKH.slice(0, -1)}x`, false],
    ['btc', `${BTC_WPKH}\u0000`, false],
    ['btc', SOL_ADDRESS, false],
    ['eth', `0x${'a'.repeat(120)}`, false],
  ] as const)('%s %s → %s', (chain, address, valid) => {
    expect(isValidAddress(chain, address)).toBe(valid);
  });
});
