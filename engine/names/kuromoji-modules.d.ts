// The two parts of kuromoji that the Japanese reader uses, loaded by their paths: the package's own entry point loads
// its dictionary by callbacks, and the reader reads it at once (japanese-reader.ts).
declare module 'kuromoji/src/dict/DynamicDictionaries.js' {
  /** `map[id]`: the entries (their positions in tid.dat) of dictionary word `id`. */
  type TargetMap = Readonly<Record<number, ArrayLike<number> | undefined>>;

  /** The dictionary of known words: entries (tid.dat), their parts of speech (tid_pos.dat), and words to entries. */
  interface TokenInfoDictionary {
    loadDictionary(entries: Uint8Array): void;
    loadPosVector(pos: Uint8Array): void;
    target_map: TargetMap;
  }

  class DynamicDictionaries {
    token_info_dictionary: TokenInfoDictionary;
    loadTrie(base: Int32Array, check: Int32Array): void;
    loadTokenInfoDictionaries(tokenInfo: Uint8Array, pos: Uint8Array, targetMap: Uint8Array): void;
    loadConnectionCosts(costs: Int16Array): void;
    loadUnknownDictionaries(
      unknown: Uint8Array,
      pos: Uint8Array,
      targetMap: Uint8Array,
      categories: Uint8Array,
      compatibleCategories: Uint32Array,
      invokeDefinitions: Uint8Array,
    ): void;
  }
  export default DynamicDictionaries;
}

declare module 'kuromoji/src/Tokenizer.js' {
  import type DynamicDictionaries from 'kuromoji/src/dict/DynamicDictionaries.js';

  /** One word the analyser finds: as written, and its reading in katakana (absent for words it does not know). */
  interface Token {
    surface_form: string;
    reading?: string;
    /** How it is said, long vowels marked ー (サトー where the reading writes サトウ). */
    pronunciation?: string;
  }

  class Tokenizer {
    constructor(dictionaries: DynamicDictionaries);
    tokenize(text: string): Token[];
  }
  export default Tokenizer;
}
