import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField, inputKinds } from '~/client/components/ui/text-field';

type ContactField = 'telegram' | 'phone' | 'address';

/** `form.field` of any contract form that has the contact fields (registration, Account Settings). */
export type ContactFieldBinding = (
  name: ContactField,
) => UseFormRegisterReturn<ContactField> & { error: string | undefined };

/** Telegram, phone and address, labelled and typed the same wherever a member gives them. */
export function ContactFields({ field }: { field: ContactFieldBinding }) {
  return (
    <>
      <TextField
        label="Telegram username"
        placeholder="@username"
        {...inputKinds.handle}
        {...field('telegram')}
      />
      <TextField label="Phone number" {...inputKinds.phone} {...field('phone')} />
      <TextField
        label="Full address"
        placeholder="Street, apartment, city, state, ZIP"
        {...inputKinds.address}
        {...field('address')}
      />
    </>
  );
}
