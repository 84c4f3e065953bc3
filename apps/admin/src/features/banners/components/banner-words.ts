/** The spec names no words for banner saves or an empty list; these follow the catalogue's. */
export const bannerWords = {
  added: (title: string) => `${title} added`,
  updated: (title: string) => `${title} updated`,
  empty: (title: string) => `No ${title.toLowerCase()}s yet`,
} as const;
