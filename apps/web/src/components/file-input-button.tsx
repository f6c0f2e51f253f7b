import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { visuallyHidden } from './visually-hidden.ts';

type FileInputButtonProps = Pick<
  ButtonProps,
  'variant' | 'size' | 'startIcon' | 'loading' | 'loadingPosition' | 'color' | 'disabled'
> & {
  children: ReactNode;
  accept: string;
  multiple?: boolean;
  /** The file input's name (what a screen reader's form list and the tests find it by). */
  inputLabel: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/**
 * A button that opens the file chooser: a real button (the one tab stop, Enter and Space work natively) that
 * clicks a visually hidden file input beside it. Not a label around the input: a button role with a focusable
 * input inside is two nested controls (axe nested-interactive).
 */
export function FileInputButton({
  children,
  accept,
  multiple,
  inputLabel,
  onChange,
  ...button
}: FileInputButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <Box
        component="input"
        ref={input}
        type="file"
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        onChange={onChange}
        disabled={button.disabled}
        sx={visuallyHidden}
      />
    </>
  );
}
