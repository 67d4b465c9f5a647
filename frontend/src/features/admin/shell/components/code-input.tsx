import { useLayoutEffect, useRef } from 'react';
import { TextInput, type TextInputProps } from '@/components/ui/form-controls';
import { normalizeCode } from '../lib/format';

/**
 * A promo or access code field (named `code`, required, at most 32 characters, in capitals, not
 * spell-checked or autofilled): what is typed is upper-cased (spec §5) where it is typed. A
 * controlled input whose value is rewritten puts the caret at the end, so typing "mia" into
 * "VIR25" at its start gave "MVIR25IA": the caret is put back after each change.
 */
export function CodeInput({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  const putCaretBack = () => {
    const input = ref.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
  };
  // After the new value is rendered; and after React restores an unchanged value (a space typed).
  useLayoutEffect(putCaretBack);

  return (
    <TextInput
      name="code"
      required
      maxLength={32}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className="font-mono tracking-wider uppercase"
      {...props}
      ref={ref}
      value={value}
      onChange={(event) => {
        const input = event.target;
        const at = input.selectionStart ?? input.value.length;
        caret.current = normalizeCode(input.value.slice(0, at)).length;
        onValueChange(normalizeCode(input.value));
        queueMicrotask(putCaretBack);
      }}
    />
  );
}
