/** Shape of a translation resource: nested groups of strings. */
export type TranslationTree = { readonly [key: string]: string | TranslationTree };
