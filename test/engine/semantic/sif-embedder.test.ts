// SIF embeddings on a tiny hand-made vocabulary: weighting, unknown words, common-component removal.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SifEmbedder, firstComponent, sifWeight } from '../../../engine/semantic/sif-embedder.js';
import { tokens } from '../../../engine/semantic/tokenize.js';

const vocab = (common: Float32Array | null) => ({
  words: ['bank', 'ship', 'the'],
  weights: Float32Array.from([sifWeight(1e-5), sifWeight(1e-5), sifWeight(0.05)]),
  vectors: Float32Array.from([1, 0, 0, 0, 1, 0, 0.6, 0.6, 0.5]),
  dimensions: 3,
  common,
});
const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, v, i) => s + v * (b[i] as number), 0);

describe('tokens', () => {
  it('lower-cases, strips diacritics and punctuation, and drops numbers and single letters', () => {
    assert.deepEqual(tokens('Société Générale, 12 Rue X; A/B co-op'), ['societe', 'generale', 'rue', 'co', 'op']);
  });
});

describe('SifEmbedder', () => {
  it('gives unit vectors, and null when no word is known', () => {
    const e = new SifEmbedder(vocab(null));
    const v = e.embed([{ text: 'the Bank', weight: 1 }]);
    assert.ok(v);
    assert.ok(Math.abs(dot(v, v) - 1) < 1e-6);
    assert.equal(e.embed([{ text: 'zebra 42', weight: 1 }]), null);
  });

  it('lets rare words outweigh frequent ones, and weighs pieces by their weight', () => {
    const e = new SifEmbedder(vocab(null));
    const v = e.embed([{ text: 'the bank', weight: 1 }]);
    assert.ok(v && (v[0] as number) > 0.9, 'the frequent word barely moves the vector');
    const mixed = e.embed([
      { text: 'bank', weight: 1 },
      { text: 'ship', weight: 0.25 },
    ]);
    assert.ok(mixed && (mixed[0] as number) > (mixed[1] as number));
  });

  it('removes the common component', () => {
    const u = firstComponent(
      [Float32Array.from([1, 1, 0]), Float32Array.from([1, 1, 0.1]), Float32Array.from([0.9, 1, 0])],
      3,
    );
    assert.ok(u);
    const e = new SifEmbedder(vocab(u));
    const v = e.embed([{ text: 'bank ship', weight: 1 }]);
    assert.ok(v === null || Math.abs(dot(v, u)) < 1e-5);
  });
});
