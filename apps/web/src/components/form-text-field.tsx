import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type FormTextFieldProps<Values extends FieldValues, Output> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  /** The form's control; its schema may turn the values into others on submit (`Output`). */
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  /** Rewrites what is typed before the form keeps it (upper-case codes). */
  transform?: (value: string) => string;
};

/** A text field of a react-hook-form form: its validation message replaces the helper text while it is wrong. */
export function FormTextField<Values extends FieldValues, Output = Values>({
  control,
  name,
  transform,
  helperText,
  ...props
}: FormTextFieldProps<Values, Output>) {
  const {
    field: { ref, onChange, ...field },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <TextField
      {...props}
      {...field}
      inputRef={ref}
      onChange={(event) => onChange(transform ? transform(event.target.value) : event.target.value)}
      error={error !== undefined}
      helperText={error?.message ?? helperText}
    />
  );
}
