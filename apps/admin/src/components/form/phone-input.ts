/**
 * The props of every phone field (a TextField's or an OutlinedField's): digits on a phone's
 * keypad and no number spinner (a `type="number"` input has one, and drops a leading 0). The
 * pattern only hints (the forms are noValidate); the contract's schema is the check.
 */
export const phoneType = 'tel';
export const phoneInputProps = { inputMode: 'numeric', pattern: '[0-9]*' } as const;
