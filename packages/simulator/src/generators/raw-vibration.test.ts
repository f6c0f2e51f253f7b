import {
  accelerationToVelocity,
  bearingDefectFrequencies,
  envelopeSpectrum,
  median,
  overallFeatures,
  peakNear,
} from '@sdp/analytics';
import { describe, expect, it } from 'vitest';
import { BEARINGS, MODEL_TYPE, sensorType } from '../master-data.ts';
import { firstDay, ORIGIN, plantModel, sampledHistory, simulatorOf } from '../test-helpers.ts';
import { FAST_INTERVAL_MS } from './model-simulator.ts';
import { PUMP_BPFO_HZ, VIBRATION_SAMPLE_RATE_HZ, VIBRATION_SAMPLES } from './raw-vibration.ts';
import { DAY_MS } from './timeline.ts';

const simulator = simulatorOf('P101-RVS1');
const channelIndex = (sensor: string, channel: string) =>
  simulator.waveforms.findIndex((candidate) => candidate.sensor === sensor && candidate.channel === channel);
const captureOn = (day: number) => simulator.capture(ORIGIN + day * DAY_MS);

/** BPFO peak of the envelope spectrum (±1 bin) and its height over the median envelope background. */
function bpfoPeak(signal: Float32Array) {
  const spectrum = envelopeSpectrum(signal, VIBRATION_SAMPLE_RATE_HZ);
  const peak = peakNear(spectrum, PUMP_BPFO_HZ, spectrum.resolutionHz)!;
  const background = median(
    Array.from(spectrum.amplitude.subarray(3, Math.round(600 / spectrum.resolutionHz))),
  );
  return { frequencyHz: peak.frequencyHz, amplitude: peak.amplitude, ratio: peak.amplitude / background };
}

describe('RVS pump train', () => {
  it('computes BPFO from the catalogue geometry: 6309 at 1480 rpm → 74.9 Hz (6205 at 1797 rpm → 107.36 Hz)', () => {
    expect(bearingDefectFrequencies(BEARINGS['6309'], 1480).bpfo).toBeCloseTo(74.905, 2);
    expect(
      bearingDefectFrequencies({ rollingElements: 9, ballDiameter: 7.94, pitchDiameter: 39.04 }, 1797).bpfo,
    ).toBeCloseTo(107.36, 2);
    expect(PUMP_BPFO_HZ).toBe(bearingDefectFrequencies(BEARINGS['6309'], 1480).bpfo);
  });

  it('captures 16,384 samples at 25.6 kHz on three axes of both sensors', () => {
    expect(simulator.waveforms.map((channel) => `${channel.sensor}.${channel.channel}`)).toEqual([
      'P101-MDE.x',
      'P101-MDE.y',
      'P101-MDE.z',
      'P101-PDE.x',
      'P101-PDE.y',
      'P101-PDE.z',
    ]);
    for (const samples of captureOn(1)) expect(samples).toHaveLength(VIBRATION_SAMPLES);
  });

  it('shows an envelope peak at BPFO ± 1 bin on the faulty pump bearing that grows with the defect (weak while it is young and scattered, clear from the warning day), and none on the motor', () => {
    const vertical = channelIndex('P101-PDE', 'y');
    const [early, warning, late] = [40, 64, 90].map((day) => bpfoPeak(captureOn(day)[vertical]!));
    // Issue 26 item 3: a young defect's impacts come mostly at random times, so the line does not yet stand out.
    expect(early!.ratio).toBeLessThan(4);
    for (const peak of [warning, late]) {
      expect(Math.abs(peak!.frequencyHz - PUMP_BPFO_HZ)).toBeLessThanOrEqual(
        VIBRATION_SAMPLE_RATE_HZ / VIBRATION_SAMPLES,
      );
      expect(peak!.ratio).toBeGreaterThan(8);
    }
    expect(late!.ratio).toBeGreaterThan(2 * warning!.ratio);
    expect(warning!.amplitude).toBeGreaterThan(2 * early!.amplitude);
    expect(late!.amplitude).toBeGreaterThan(2 * warning!.amplitude);
    for (const day of [1, 60, 90]) {
      const capture = captureOn(day);
      for (const channel of ['x', 'y', 'z']) {
        expect(
          bpfoPeak(capture[channelIndex('P101-MDE', channel)]!).ratio,
          `motor ${channel} day ${day}`,
        ).toBeLessThan(6);
      }
    }
    // Before onset the pump bearing is sound too.
    expect(bpfoPeak(captureOn(10)[vertical]!).ratio).toBeLessThan(6);
  });

  it('lifts the faulty axis’s acceleration RMS through warning and alarm around the planned days', () => {
    const plan = plantModel('P101-RVS1').fault!;
    const limit = sensorType(MODEL_TYPE.rvs, 'acceleration');
    const vertical = channelIndex('P101-PDE', 'y');
    const daily = Array.from({ length: 90 }, (_, i) => ({
      day: i + 0.5,
      rms: overallFeatures(captureOn(i + 0.5)[vertical]!).rms,
    }));
    const warning = firstDay(daily, (row) => row.rms >= limit.warning);
    const alarm = firstDay(daily, (row) => row.rms >= limit.alarm);
    expect(warning).toBeGreaterThan(plan.warningDay - 4);
    expect(warning).toBeLessThan(plan.warningDay + 4);
    expect(alarm).toBeGreaterThan(plan.alarmDay - 4);
    expect(alarm).toBeLessThan(plan.alarmDay + 4);
  });

  it('keeps the sound sensor within every limit: velocity below 2.8 mm/s, acceleration below 10 m/s²', () => {
    for (const day of [1, 45, 89]) {
      const capture = captureOn(day);
      for (const channel of ['x', 'y', 'z']) {
        const samples = capture[channelIndex('P101-MDE', channel)]!;
        expect(overallFeatures(accelerationToVelocity(samples, VIBRATION_SAMPLE_RATE_HZ)).rms).toBeLessThan(
          2.8,
        );
        expect(overallFeatures(samples).rms).toBeLessThan(10);
        // Gaussian-like: no impacts.
        expect(overallFeatures(samples).kurtosis).toBeLessThan(3.5);
      }
    }
  });

  it('drains the batteries slowly and keeps sensor temperatures and batteries normal', () => {
    const rows = sampledHistory(simulator, FAST_INTERVAL_MS);
    for (const sensor of ['P101-MDE', 'P101-PDE']) {
      const battery = rows.map((row) => row[`${sensor}.battery`]!);
      expect(battery[0]! - battery[battery.length - 1]!).toBeGreaterThan(15);
      expect(Math.min(...battery)).toBeGreaterThan(sensorType(MODEL_TYPE.rvs, 'battery').warning);
      expect(Math.max(...rows.map((row) => row[`${sensor}.temperature`]!))).toBeLessThan(
        sensorType(MODEL_TYPE.rvs, 'temperature').warning,
      );
    }
  });
});
