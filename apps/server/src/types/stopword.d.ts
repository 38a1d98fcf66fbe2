// stopword ships no type declarations; the project uses only its Spanish list.
declare module 'stopword' {
  export const spa: string[];
}
