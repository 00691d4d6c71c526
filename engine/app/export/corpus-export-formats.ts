// The formats the whole snapshot can be exported in, apart from the code that writes them (the command line lists them).

/** `unshell export --format`: the whole snapshot as FtM entities or BODS statements. */
export const CORPUS_EXPORT_FORMATS = ['ftm', 'bods'] as const;
