import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Combobox, DatePicker, Field } from '../../ui/index.ts';
import { countryNamesQueryOptions } from './countries.ts';

// The sign-up page warms the country list through this chunk, so its own download carries neither the
// list's code nor a query observer.
export { countryNamesQueryOptions };

import { digitsOnly, phoneCodeOptions } from './phone-codes.ts';
import { type StepProps, stepClassName, stepControl, TextField } from './sign-up-steps.tsx';

/** Step 4: phone (code + digits), country, date of birth. */
export function ContactStep(props: StepProps) {
  const { values, set } = props;
  const codes = useMemo(() => phoneCodeOptions(), []);
  const countries = useQuery(countryNamesQueryOptions());
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((name) => ({ value: name, label: name })),
    [countries.data],
  );
  return (
    <div className={stepClassName}>
      <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-3">
        <Field label="Country code">
          {(control) => (
            <Combobox
              {...control}
              listLabel="Country codes"
              options={codes}
              value={values.countryCode}
              onValueChange={(code) => set('countryCode', code)}
            />
          )}
        </Field>
        <TextField
          state={props}
          field="phone"
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          normalize={digitsOnly}
        />
      </div>
      <Field label="Country">
        {(control) => (
          <Combobox
            {...stepControl(props, control, 'country')}
            listLabel="Countries"
            options={countryOptions}
            value={values.country}
            onValueChange={(name) => set('country', name)}
            placeholder={countries.isPending ? 'Loading countries...' : 'Search countries'}
            disabled={countries.isPending}
          />
        )}
      </Field>
      <Field label="Date of birth">
        {(control) => (
          <DatePicker
            {...stepControl(props, control, 'dateOfBirth')}
            autoComplete="bday"
            noFutureDates
            min="1900-01-01"
            value={values.dateOfBirth}
            onValueChange={(date) => set('dateOfBirth', date)}
          />
        )}
      </Field>
    </div>
  );
}
