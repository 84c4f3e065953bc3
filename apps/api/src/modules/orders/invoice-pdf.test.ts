import { describe, expect, it } from 'vitest';
import { scriptRuns } from './invoice-pdf';

describe('invoice text runs: which font sets which letters', () => {
  it('cuts text where its script changes; spaces, digits and Latin letters are the invoice’s own font', () => {
    expect(scriptRuns('Ram राम 12 தமிழ்')).toEqual([
      { text: 'Ram ', script: null },
      { text: 'राम', script: 'Devanagari' },
      { text: ' 12 ', script: null },
      { text: 'தமிழ்', script: 'Tamil' },
    ]);
  });

  it('keeps a sign the script shares (the danda) and a joiner with the letters before them', () => {
    expect(scriptRuns('क्‍ष। x')).toEqual([
      { text: 'क्‍ष।', script: 'Devanagari' },
      { text: ' x', script: null },
    ]);
    expect(scriptRuns('ਪੰਜਾਬ ੴ')).toEqual([
      { text: 'ਪੰਜਾਬ', script: 'Gurmukhi' },
      { text: ' ', script: null },
      { text: 'ੴ', script: 'Gurmukhi' },
    ]);
    // A danda after Latin text has no Indic letter to follow: the invoice's own font.
    expect(scriptRuns('a।')).toEqual([{ text: 'a।', script: null }]);
  });

  it('leaves text of no Indic script whole, and gives nothing for nothing', () => {
    expect(scriptRuns('Łukasz Ωμέγα')).toEqual([{ text: 'Łukasz Ωμέγα', script: null }]);
    expect(scriptRuns('')).toEqual([]);
  });
});
