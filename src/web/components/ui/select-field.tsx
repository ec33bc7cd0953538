import { forwardRef, type ComponentProps } from 'react';
import { OptionSelectField } from './option-select-field';

interface SelectFieldProps extends Omit<ComponentProps<typeof OptionSelectField>, 'options'> {
  /** Each option is its own value and label (roles, statuses, spec enums). */
  options: readonly string[];
}

/** A labelled native select over plain strings; see OptionSelectField for value/label pairs. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { options, ...props },
  ref,
) {
  return <OptionSelectField {...props} options={options.map((o) => ({ value: o, label: o }))} ref={ref} />;
});
