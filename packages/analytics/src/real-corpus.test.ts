/**
 * Every labelled real recording of fixtures/real (MFPT outer- and inner-race faults, IMS healthy bearings) through
 * the engine as the server calls it (issue 25 item 3). The corpus is not in the repository (see
 * fixtures/real/README.md): without a copy on this machine these tests are skipped and say so.
 */
import { describe, expect, it } from 'vitest';
import { bearingDefectFrequencies } from './bearing.ts';
import { envelopeSpectrum } from './envelope.ts';
import { diagnoseBearing } from './faults.ts';
import {
  type CorpusRecord,
  corpusAccuracy,
  diagnoseRecording,
  formatAccuracy,
  loadRealCorpus,
  realCorpusDir,
  recordAcceleration,
  verdictOf,
} from './real-corpus.test-support.ts';

const dir = realCorpusDir();
const records: CorpusRecord[] = dir === null ? [] : loadRealCorpus(dir);
if (dir === null)
  console.warn('real-corpus.test.ts: no copy of the real corpus (fixtures/real/README.md), skipped');

const diagnosed = (record: CorpusRecord) =>
  diagnoseRecording(recordAcceleration(dir!, record), record.sampleRateHz, record.shaftHz, record.bearing);

describe.skipIf(dir === null)('real recordings (issue 25 item 3)', () => {
  it('holds at least two datasets, with outer-race, inner-race and healthy records', () => {
    expect(new Set(records.map((r) => r.dataset)).size).toBeGreaterThanOrEqual(2);
    for (const label of ['healthy', 'outer_race', 'inner_race'] as const)
      expect(records.filter((r) => r.label === label).length).toBeGreaterThanOrEqual(5);
  });

  const faulty = records.filter((r) => r.label !== 'healthy');
  it.each(faulty.map((r) => [r.id, r] as const))('names the labelled defect of %s', (_id, record) => {
    const scores = diagnosed(record);
    const bearing = scores.find((s) => s.mode === 'bearing')!;
    expect(bearing.status).toBeGreaterThanOrEqual(1);
    expect(verdictOf(scores)).toBe(record.label);
    expect(bearing.description).toMatch(record.label === 'outer_race' ? /BPFO/ : /BPFI/);
  });

  const healthy = records.filter((r) => r.label === 'healthy');
  it.each(healthy.map((r) => [r.id, r] as const))(
    'raises no bearing or gear fault on healthy %s',
    (_id, record) => {
      const scores = diagnosed(record);
      const bearing = scores.find((s) => s.mode === 'bearing')!;
      expect(bearing.status, bearing.description).toBe(0);
      expect(bearing.certainty).toBe('unlikely');
      expect(scores.some((s) => s.mode === 'gear' && s.status > 0)).toBe(false);
    },
  );

  it('has the trap of the old rule: healthy bearings whose cage line stands 14 dB and more above background', () => {
    const cageLines = healthy.map((record) => {
      const samples = recordAcceleration(dir!, record);
      const envelope = envelopeSpectrum(samples, record.sampleRateHz, {
        bandHz: [500, Math.min(5000, 0.45 * record.sampleRateHz)],
      });
      return diagnoseBearing(envelope, bearingDefectFrequencies(record.bearing, record.shaftHz * 60))[3]!;
    });
    expect(cageLines.filter((cage) => cage.indicator >= 14).length).toBeGreaterThanOrEqual(5);
    expect(cageLines.every((cage) => cage.status === 0)).toBe(true);
  });

  it('detects every labelled race fault and raises no false alarm (the budget of bench/diagnostic-accuracy.ts)', () => {
    const accuracy = corpusAccuracy(
      records.map((r) => ({ label: r.label, verdict: verdictOf(diagnosed(r)) })),
    );
    console.log(`real corpus: ${formatAccuracy(accuracy)}`);
    expect(accuracy.detectionRate).toBe(1);
    expect(accuracy.falseAlarmRate).toBe(0);
  });
});
