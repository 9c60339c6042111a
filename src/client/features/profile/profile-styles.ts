/** The card every profile section sits in. */
export const cardStyle = {
  bg: 'bg',
  rounded: '2xl',
  borderWidth: '1px',
  borderColor: 'border.muted',
} as const;
