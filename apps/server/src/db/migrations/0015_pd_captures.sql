-- Transformer partial discharge and OLTC DGA (issue 12 items 4 and 5.8).
--
-- PD captures: a waveform of kind 'pd' holds the pulses of one phase-resolved acquisition as little-endian float32
-- pairs (phase of the reference voltage in degrees, apparent charge in pC), so `length` is twice the pulse count;
-- `channel` is the phase a, b or c the pulses are referenced to, `sensor` the PD sub-module (spec 02 §9), and
-- `sample_rate` the power frequency of the reference (Hz).
ALTER TABLE waveforms DROP CONSTRAINT waveforms_kind_check;
ALTER TABLE waveforms ADD CONSTRAINT waveforms_kind_check CHECK (kind IN ('vibration', 'current', 'voltage', 'pd'));

-- Methane of the OLTC compartment: without it the OLTC has no Duval Triangle 1 (panel I and the DGA views).
INSERT INTO sensor_types VALUES
  (1804, 18, 1, 'oltc_ch4', 'OLTC methane CH4', 'ppm', 100, 400, 'high');
