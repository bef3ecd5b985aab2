import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { contractResolver, sameNamedField, serverFieldErrors } from './form';

/** The pure parts of the one form helper (useContractForm): where problems go, and what the contract is given. */
const stickerContract = z.object({
  name: z.string().min(1, 'Name is required.'),
  prices: z.object({ oz: z.number().int().min(1, 'The ounce price must be at least $0.01.') }),
});
type StickerFields = { name: string; priceOz: string };
const toInput = (fields: StickerFields) => ({
  name: fields.name.trim(),
  prices: { oz: Math.round(Number(fields.priceOz) * 100) },
});
const fieldOf = (path: string) => (path === 'prices.oz' ? 'priceOz' : path === 'name' ? 'name' : undefined);
const resolve = contractResolver<StickerFields, typeof stickerContract>(stickerContract, toInput, fieldOf);
const run = (values: StickerFields) =>
  resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the contract resolver', () => {
  it("gives the submit handler the contract's output, built from the fields by toInput", async () => {
    expect(await run({ name: ' Gelato ', priceOz: '95.5' })).toEqual({
      values: { name: 'Gelato', prices: { oz: 9550 } },
      errors: {},
    });
  });

  it("puts each of the contract's messages under the form field it belongs to", async () => {
    const { errors } = await run({ name: '  ', priceOz: '0' });
    expect(errors).toEqual({
      name: { type: 'too_small', message: 'Name is required.' },
      priceOz: { type: 'too_small', message: 'The ounce price must be at least $0.01.' },
    });
  });
});

describe("the server's field errors", () => {
  const rejected = new ApiError(400, {
    code: 'BAD_REQUEST',
    message: 'Check the form.',
    fields: { 'prices.oz': 'Too cheap.', name: 'Taken.', internalId: 'Not a field here.' },
  });

  it('go under the fields the form has, in order, and nowhere else', () => {
    expect(serverFieldErrors(rejected, fieldOf)).toEqual([
      ['priceOz', 'Too cheap.'],
      ['name', 'Taken.'],
    ]);
  });

  it('by default go under the field of the same name, nested paths under their first segment', () => {
    const placeUnder = sameNamedField(['name', 'prices']);
    expect(serverFieldErrors(rejected, placeUnder)).toEqual([
      ['prices.oz', 'Too cheap.'],
      ['name', 'Taken.'],
    ]);
  });

  it('are none for an error without fields, or for something that is not an API error', () => {
    expect(serverFieldErrors(new ApiError(409, { code: 'ON_COOLDOWN', message: 'Later.' }), fieldOf)).toEqual(
      [],
    );
    expect(serverFieldErrors(new Error('boom'), fieldOf)).toEqual([]);
  });
});
