/**
 * A boolean data attribute's value: present and empty when on, absent when off
 * (`data-focused={dataFlag(focused)}`), the form the plain-CSS parts' selectors match
 * (`[data-focused]`).
 */
export const dataFlag = (on: boolean): '' | undefined => (on ? '' : undefined);
