-- Master data of the five model types (spec 02 §1–§3) and the per-model configuration.
-- Engineering content and where it comes from:
--   transformer groups B–J follow the dashboard panels of spec 02 §2.4; gas limits are IEEE C57.104-2008 condition 1/2
--   boundaries (ANALYTICS.md §1.4); temperatures follow IEC 60076-7 / IEEE C57.91 practice (top oil 90/100 °C, hot spot 110/120 °C);
--   MCA indicators follow ANALYTICS.md §4 (broken bars −45/−40 dB, NEMA unbalance 2/5 %, THD 5/8 %);
--   VCA remaining life uses the 10 °C rule with rated life L0 at T0 from common drive capacitor and fan datasheets (ANALYTICS.md §5);
--   EVS and RVS velocity limits are ISO 10816-3 group 2 rigid zone boundaries B/C 2.8 and C/D 4.5 mm/s (ANALYTICS.md §3.1);
--   bearing geometry is from manufacturers' catalogues (6205 matches the test vector of ANALYTICS.md §2.1).

CREATE TABLE model_types (
  id smallint PRIMARY KEY,
  title text NOT NULL,
  short_code text NOT NULL UNIQUE,
  information_title text NOT NULL
);
INSERT INTO model_types VALUES
  (1, 'Transformer', 'TR', 'Transformer Information'),
  (2, 'MCA', 'MCA', 'Motor Information'),
  (3, 'VCA', 'VCA', 'Drive Information'),
  (4, 'EVS', 'EVS', 'Machine Information'),
  (5, 'RVS', 'RVS', 'Machine Information');

-- Configuration information items: nameplate data shown in the '<type> Information' accordion.
CREATE TABLE configuration_items (
  id integer PRIMARY KEY,
  model_type_id smallint NOT NULL REFERENCES model_types (id),
  tag_code text NOT NULL,
  title text NOT NULL,
  unit_code text NOT NULL DEFAULT '',
  default_value text NOT NULL DEFAULT '',
  UNIQUE (model_type_id, tag_code)
);
INSERT INTO configuration_items VALUES
  (101, 1, 'rated_power', 'Rated power', 'MVA', '50'),
  (102, 1, 'hv_voltage', 'HV rated voltage', 'kV', '115'),
  (103, 1, 'lv_voltage', 'LV rated voltage', 'kV', '22'),
  (104, 1, 'hv_current', 'HV rated current', 'A', '251'),
  (105, 1, 'lv_current', 'LV rated current', 'A', '1312'),
  (106, 1, 'vector_group', 'Vector group', '', 'YNd1'),
  (107, 1, 'cooling', 'Cooling', '', 'ONAN/ONAF'),
  (108, 1, 'oil_volume', 'Oil volume', 'L', '18500'),
  (109, 1, 'impedance', 'Short-circuit impedance', '%', '10.5'),
  (110, 1, 'frequency', 'Rated frequency', 'Hz', '50'),
  (111, 1, 'year', 'Year of manufacture', '', '2012'),
  (112, 1, 'no_load_loss', 'No-load loss', 'kW', '28'),
  (113, 1, 'load_loss', 'Load loss at rated current', 'kW', '190'),
  (201, 2, 'rated_power', 'Rated power', 'kW', '110'),
  (202, 2, 'rated_voltage', 'Rated voltage', 'V', '400'),
  (203, 2, 'rated_current', 'Rated current', 'A', '190'),
  (204, 2, 'rated_speed', 'Rated speed', 'rpm', '1480'),
  (205, 2, 'poles', 'Number of poles', '', '4'),
  (206, 2, 'supply_frequency', 'Supply frequency', 'Hz', '50'),
  (207, 2, 'rotor_bars', 'Rotor bars', '', '28'),
  (208, 2, 'stator_slots', 'Stator slots', '', '36'),
  (209, 2, 'power_factor', 'Power factor', '', '0.86'),
  (210, 2, 'efficiency', 'Efficiency class', '', 'IE3'),
  (211, 2, 'bearing_de', 'Bearing DE', '', '6316 C3'),
  (212, 2, 'bearing_nde', 'Bearing NDE', '', '6316 C3'),
  (301, 3, 'drive_rating', 'Drive rating', 'kW', '90'),
  (302, 3, 'input_voltage', 'Input voltage', 'V', '400'),
  (303, 3, 'output_current', 'Rated output current', 'A', '178'),
  (304, 3, 'switching_frequency', 'Switching frequency', 'kHz', '4'),
  (305, 3, 'motor_power', 'Motor rated power', 'kW', '90'),
  (306, 3, 'motor_speed', 'Motor rated speed', 'rpm', '1485'),
  (307, 3, 'dc_link_capacitance', 'DC-link capacitance', 'µF', '4700'),
  (308, 3, 'commissioning', 'Commissioning date', '', '2019-06-01'),
  (401, 4, 'machine_type', 'Machine type', '', 'Fan'),
  (402, 4, 'rated_power', 'Rated power', 'kW', '45'),
  (403, 4, 'rotational_speed', 'Rotational speed', 'rpm', '1480'),
  (404, 4, 'foundation', 'Foundation', '', 'rigid'),
  (405, 4, 'iso_group', 'ISO 10816-3 group', '', '2'),
  (406, 4, 'coupling', 'Coupling', '', 'flexible'),
  (501, 5, 'machine_type', 'Machine type', '', 'Centrifugal pump'),
  (502, 5, 'rated_power', 'Rated power', 'kW', '75'),
  (503, 5, 'rotational_speed', 'Rotational speed', 'rpm', '1480'),
  (504, 5, 'foundation', 'Foundation', '', 'rigid'),
  (505, 5, 'iso_group', 'ISO 10816-3 group', '', '2'),
  (506, 5, 'impeller_vanes', 'Impeller vanes', '', '6'),
  (507, 5, 'gear_teeth_in', 'Gear teeth (input)', '', '0'),
  (508, 5, 'gear_teeth_out', 'Gear teeth (output)', '', '0');

-- Alarm limit groups and the sensor types (measured or computed tags) in each, per model type.
CREATE TABLE alarm_limit_groups (
  id integer PRIMARY KEY,
  model_type_id smallint NOT NULL REFERENCES model_types (id),
  code text NOT NULL,
  name text NOT NULL,
  UNIQUE (model_type_id, code)
);
INSERT INTO alarm_limit_groups VALUES
  (11, 1, 'b', 'B Current & Voltage'),
  (12, 1, 'c', 'C Thermal / Oil level'),
  (13, 1, 'd', 'D Winding & Core'),
  (14, 1, 'e', 'E Main Tank PD'),
  (15, 1, 'f', 'F Bushing'),
  (16, 1, 'g', 'G Cooling'),
  (17, 1, 'h', 'H Main Tank DGA'),
  (18, 1, 'i', 'I OLTC DGA'),
  (19, 1, 'j', 'J OLTC'),
  (21, 2, 'rotor', 'Rotor'),
  (22, 2, 'stator', 'Stator'),
  (23, 2, 'airgap', 'Airgap'),
  (24, 2, 'bearing', 'Bearing'),
  (25, 2, 'terminal', 'Terminal'),
  (26, 2, 'ground_fault', 'Ground Fault'),
  (27, 2, 'power_quality', 'Power Quality'),
  (28, 2, 'mechanical', 'Mechanical Failure'),
  (31, 3, 'rul', 'Remaining life'),
  (32, 3, 'vsd', 'VSD'),
  (33, 3, 'trend', 'Trend signal'),
  (41, 4, 'driver', 'Driver'),
  (42, 4, 'transmission', 'Transmission'),
  (43, 4, 'driven', 'Driven'),
  (51, 5, 'vibration', 'Vibration'),
  (52, 5, 'sensor', 'Sensor health');

-- direction 'high': status rises as the value rises; 'low': as it falls (warning above alarm).
CREATE TABLE sensor_types (
  id integer PRIMARY KEY,
  group_id integer NOT NULL REFERENCES alarm_limit_groups (id),
  model_type_id smallint NOT NULL REFERENCES model_types (id),
  tag_code text NOT NULL,
  name text NOT NULL,
  unit text NOT NULL DEFAULT '',
  default_warning double precision,
  default_alarm double precision,
  direction text NOT NULL DEFAULT 'high' CHECK (direction IN ('high', 'low')),
  UNIQUE (model_type_id, tag_code)
);
INSERT INTO sensor_types VALUES
  (1101, 11, 1, 'load_current_a', 'Load current phase A', 'A', 276, 301, 'high'),
  (1102, 11, 1, 'load_current_b', 'Load current phase B', 'A', 276, 301, 'high'),
  (1103, 11, 1, 'load_current_c', 'Load current phase C', 'A', 276, 301, 'high'),
  (1104, 11, 1, 'voltage_hv', 'HV voltage', 'kV', 121, 126.5, 'high'),
  (1105, 11, 1, 'load_factor', 'Load factor', '%', 100, 120, 'high'),
  (1201, 12, 1, 'top_oil_temperature', 'Top-oil temperature', '°C', 90, 100, 'high'),
  (1202, 12, 1, 'hot_spot_temperature', 'Winding hot-spot temperature', '°C', 110, 120, 'high'),
  (1203, 12, 1, 'ambient_temperature', 'Ambient temperature', '°C', 40, 45, 'high'),
  (1204, 12, 1, 'accessory_oil_level', 'Oil level', '%', 30, 20, 'low'),
  (1205, 12, 1, 'moisture_in_oil', 'Moisture in oil', 'ppm', 20, 30, 'high'),
  (1301, 13, 1, 'locus_sum_a', 'Locus Result Sum A', '%', 2, 3, 'high'),
  (1302, 13, 1, 'locus_sum_b', 'Locus Result Sum B', '%', 2, 3, 'high'),
  (1303, 13, 1, 'locus_sum_c', 'Locus Result Sum C', '%', 2, 3, 'high'),
  (1401, 14, 1, 'pd_main_tank', 'Main tank partial discharge', 'pC', 300, 500, 'high'),
  (1402, 14, 1, 'pd_pulse_rate', 'PD pulse rate', 'pulses/s', 100, 500, 'high'),
  (1501, 15, 1, 'bushing_capacitance_change', 'Bushing capacitance change', '%', 5, 10, 'high'),
  (1502, 15, 1, 'bushing_tan_delta', 'Bushing tan δ', '%', 0.7, 1.0, 'high'),
  (1601, 16, 1, 'fan_current', 'Cooling fan current', 'A', 9, 11, 'high'),
  (1602, 16, 1, 'cooling_efficiency', 'Cooling efficiency', '%', 80, 60, 'low'),
  (1701, 17, 1, 'h2', 'Hydrogen H2', 'ppm', 100, 700, 'high'),
  (1702, 17, 1, 'ch4', 'Methane CH4', 'ppm', 120, 400, 'high'),
  (1703, 17, 1, 'c2h6', 'Ethane C2H6', 'ppm', 65, 100, 'high'),
  (1704, 17, 1, 'c2h4', 'Ethylene C2H4', 'ppm', 50, 100, 'high'),
  (1705, 17, 1, 'c2h2', 'Acetylene C2H2', 'ppm', 1, 9, 'high'),
  (1706, 17, 1, 'co', 'Carbon monoxide CO', 'ppm', 350, 570, 'high'),
  (1707, 17, 1, 'co2', 'Carbon dioxide CO2', 'ppm', 2500, 4000, 'high'),
  (1708, 17, 1, 'tdcg', 'Total dissolved combustible gas', 'ppm', 720, 1920, 'high'),
  (1801, 18, 1, 'oltc_h2', 'OLTC hydrogen H2', 'ppm', 200, 1000, 'high'),
  (1802, 18, 1, 'oltc_c2h2', 'OLTC acetylene C2H2', 'ppm', 100, 300, 'high'),
  (1803, 18, 1, 'oltc_c2h4', 'OLTC ethylene C2H4', 'ppm', 150, 400, 'high'),
  (1901, 19, 1, 'oltc_operations', 'OLTC operations since maintenance', 'count', 40000, 50000, 'high'),
  (1902, 19, 1, 'oltc_motor_torque', 'OLTC drive motor torque', 'N·m', 18, 22, 'high'),
  (2101, 21, 2, 'broken_rotor_bar', 'Broken rotor bar sideband', 'dB', -45, -40, 'high'),
  (2201, 22, 2, 'short_turn', 'Stator inter-turn signature', 'dB', -50, -44, 'high'),
  (2202, 22, 2, 'current_unbalance', 'Current unbalance (NEMA)', '%', 2, 5, 'high'),
  (2301, 23, 2, 'eccentric_airgap', 'Eccentricity sideband', 'dB', -40, -34, 'high'),
  (2401, 24, 2, 'bearing_failure', 'Bearing current signature', 'dB', -60, -54, 'high'),
  (2501, 25, 2, 'terminal_loose', 'Terminal voltage unbalance', '%', 1, 2, 'high'),
  (2601, 26, 2, 'ground_fault', 'Residual (zero-sequence) current', 'A', 0.5, 1, 'high'),
  (2701, 27, 2, 'thd_current', 'Current THD', '%', 5, 8, 'high'),
  (2702, 27, 2, 'voltage_unbalance', 'Voltage unbalance', '%', 1, 2, 'high'),
  (2801, 28, 2, 'load_oscillation', 'Load oscillation sideband', 'dB', -45, -38, 'high'),
  (3101, 31, 3, 'dc_link_capacitor', 'DC-link capacitor remaining life', '%', 20, 10, 'low'),
  (3102, 31, 3, 'cooling_fan', 'Cooling fan remaining life', '%', 20, 10, 'low'),
  (3201, 32, 3, 'dc_bus_voltage', 'DC bus voltage', 'V', 650, 700, 'high'),
  (3202, 32, 3, 'heatsink_temperature', 'Heatsink temperature', '°C', 75, 85, 'high'),
  (3203, 32, 3, 'output_current', 'Output current', 'A', 178, 196, 'high'),
  (3204, 32, 3, 'control_card_temperature', 'Control card temperature', '°C', 60, 70, 'high'),
  (3301, 33, 3, 'dc_ripple', 'DC-link ripple', 'V', 15, 25, 'high'),
  (3302, 33, 3, 'motor_load', 'Motor load', '%', 100, 110, 'high'),
  (3303, 33, 3, 'cabinet_temperature', 'Cabinet temperature', '°C', 45, 50, 'high'),
  (4101, 41, 4, 'driver_velocity', 'Driver velocity RMS', 'mm/s', 2.8, 4.5, 'high'),
  (4102, 41, 4, 'driver_acceleration', 'Driver acceleration RMS', 'm/s²', 10, 20, 'high'),
  (4103, 41, 4, 'driver_temperature', 'Driver bearing temperature', '°C', 80, 95, 'high'),
  (4201, 42, 4, 'transmission_velocity', 'Transmission velocity RMS', 'mm/s', 2.8, 4.5, 'high'),
  (4202, 42, 4, 'transmission_acceleration', 'Transmission acceleration RMS', 'm/s²', 10, 20, 'high'),
  (4203, 42, 4, 'transmission_temperature', 'Transmission temperature', '°C', 80, 95, 'high'),
  (4301, 43, 4, 'driven_velocity', 'Driven velocity RMS', 'mm/s', 2.8, 4.5, 'high'),
  (4302, 43, 4, 'driven_acceleration', 'Driven acceleration RMS', 'm/s²', 10, 20, 'high'),
  (4303, 43, 4, 'driven_temperature', 'Driven bearing temperature', '°C', 80, 95, 'high'),
  (5101, 51, 5, 'velocity', 'Velocity RMS', 'mm/s', 2.8, 4.5, 'high'),
  (5102, 51, 5, 'acceleration', 'Acceleration RMS', 'm/s²', 10, 20, 'high'),
  (5103, 51, 5, 'envelope', 'Envelope RMS', 'gE', 2, 4, 'high'),
  (5201, 52, 5, 'temperature', 'Sensor temperature', '°C', 80, 95, 'high'),
  (5202, 52, 5, 'battery', 'Battery', '%', 20, 10, 'low');

-- Health monitoring sensor types: the secondary tabs of the dashboards (spec 02 §3 'Secondary tab').
CREATE TABLE health_monitoring_tabs (
  id integer PRIMARY KEY,
  model_type_id smallint NOT NULL REFERENCES model_types (id),
  key text NOT NULL,
  name text NOT NULL,
  group_code text NOT NULL,
  UNIQUE (model_type_id, key)
);
INSERT INTO health_monitoring_tabs VALUES
  (1, 1, 'load', 'Load & Current', 'b'), (2, 1, 'thermal', 'Thermal', 'c'), (3, 1, 'dga', 'DGA', 'h'),
  (4, 1, 'pd', 'Partial Discharge', 'e'), (5, 1, 'locus', 'V–I Locus', 'd'), (6, 1, 'correlation', 'Anomaly', 'q'),
  (21, 2, 'current', 'Current', 'current'), (22, 2, 'spectrum', 'Current Spectrum', 'spectrum'), (23, 2, 'diagnostic', 'Pattern Recognition', 'diagnostic'),
  (31, 3, 'rul', 'Remaining Life', 'rul'), (32, 3, 'trend', 'Trend Signal', 'trend'), (33, 3, 'temperature', 'Temperature', 'temperature'),
  (41, 4, 'driver', 'Driver', 'driver'), (42, 4, 'transmission', 'Transmission', 'transmission'), (43, 4, 'driven', 'Driven', 'driven');

-- 'X out of Y' persistence defaults (ISA-18.2 style on-delay by count).
CREATE TABLE alarm_management_master (
  model_type_id smallint PRIMARY KEY REFERENCES model_types (id),
  persistence_from smallint NOT NULL,
  persistence_to smallint NOT NULL,
  CHECK (1 <= persistence_from AND persistence_from <= persistence_to AND persistence_to <= 100)
);
INSERT INTO alarm_management_master VALUES (1, 3, 5), (2, 2, 3), (3, 3, 5), (4, 3, 5), (5, 2, 3);

-- Variable speed drives: brands and models with DC-link capacitor and fan ratings (L0 hours at T0 °C).
CREATE TABLE vsd_brands (id integer PRIMARY KEY, name text NOT NULL UNIQUE);
INSERT INTO vsd_brands VALUES (1, 'ABB'), (2, 'Siemens'), (3, 'Schneider Electric'), (4, 'Danfoss'), (5, 'Yaskawa');
CREATE TABLE vsd_models (
  id integer PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES vsd_brands (id),
  name text NOT NULL,
  capacitor_l0_hours double precision NOT NULL,
  capacitor_t0_c double precision NOT NULL,
  fan_l10_hours double precision NOT NULL,
  fan_t0_c double precision NOT NULL,
  UNIQUE (brand_id, name)
);
INSERT INTO vsd_models VALUES
  (101, 1, 'ACS880-01', 5000, 105, 50000, 40), (102, 1, 'ACS580-01', 5000, 105, 45000, 40), (103, 1, 'ACS480', 3000, 105, 40000, 40),
  (201, 2, 'SINAMICS G120', 5000, 105, 50000, 40), (202, 2, 'SINAMICS G120X', 5000, 105, 55000, 40), (203, 2, 'SINAMICS S120', 8000, 105, 60000, 40),
  (301, 3, 'Altivar ATV630', 5000, 105, 50000, 40), (302, 3, 'Altivar ATV930', 8000, 105, 50000, 40),
  (401, 4, 'VLT FC 302', 5000, 105, 50000, 40), (402, 4, 'VLT FC 202', 5000, 105, 45000, 40),
  (501, 5, 'GA800', 8000, 105, 60000, 40), (502, 5, 'A1000', 5000, 105, 50000, 40);

-- Where a sensor sits and what kind of machine train it watches (EVS and RVS sensor rows).
CREATE TABLE sensor_points (id integer PRIMARY KEY, name text NOT NULL UNIQUE);
INSERT INTO sensor_points VALUES (1, 'Motor DE'), (2, 'Motor NDE'), (3, 'Gearbox input'), (4, 'Gearbox output'), (5, 'Pump DE'), (6, 'Pump NDE'), (7, 'Fan DE'), (8, 'Fan NDE');
CREATE TABLE machine_templates (id integer PRIMARY KEY, name text NOT NULL UNIQUE, description text NOT NULL);
INSERT INTO machine_templates VALUES
  (1, 'Motor – pump', 'Electric motor driving a centrifugal pump through a flexible coupling'),
  (2, 'Motor – fan', 'Electric motor driving a fan, direct or belt drive'),
  (3, 'Motor – gearbox – driven', 'Electric motor, gearbox and driven machine'),
  (4, 'Motor – compressor', 'Electric motor driving a screw or reciprocating compressor');

-- Rolling bearings: geometry for BPFO, BPFI, BSF and FTF (ANALYTICS.md §2.1). Diameters in mm, angle in degrees.
CREATE TABLE bearings (
  id integer PRIMARY KEY,
  designation text NOT NULL UNIQUE,
  rolling_elements smallint NOT NULL CHECK (rolling_elements > 0),
  ball_diameter_mm double precision NOT NULL CHECK (ball_diameter_mm > 0),
  pitch_diameter_mm double precision NOT NULL,
  contact_angle_deg double precision NOT NULL DEFAULT 0,
  CHECK (pitch_diameter_mm > ball_diameter_mm)
);
INSERT INTO bearings VALUES
  (1, '6205', 9, 7.94, 39.04, 0), (2, '6206', 9, 9.53, 46.5, 0), (3, '6207', 9, 11.11, 53.5, 0),
  (4, '6208', 9, 11.91, 60.0, 0), (5, '6305', 8, 10.32, 44.5, 0), (6, '6306', 8, 12.3, 53.0, 0),
  (7, '6309', 8, 17.46, 72.5, 0), (8, '6310', 8, 19.05, 80.0, 0), (9, '6312', 8, 22.23, 95.0, 0),
  (10, '6316', 8, 28.58, 125.0, 0), (11, 'NU210', 14, 10.0, 70.0, 0), (12, 'NU312', 12, 18.0, 95.0, 0),
  (13, '7310 BEP', 13, 17.46, 80.0, 40), (14, '22220 E', 17, 24.0, 150.0, 10), (15, '6204', 8, 7.94, 33.5, 0);

-- Per-model configuration: the whole edit form as one validated document, replaced all or nothing.
CREATE TABLE equipment_model_settings (
  model_id uuid PRIMARY KEY REFERENCES equipment_models (id) ON DELETE CASCADE,
  document jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Configuration information values, edited one by one from the accordion (PATCH /equipment-model-configurations/{id}).
CREATE TABLE equipment_model_configurations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES configuration_items (id),
  value text NOT NULL DEFAULT '',
  selected boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_id, item_id)
);

-- Recommendation messages from the model's Excel file: what a fault event says about cause and remedy.
CREATE TABLE model_recommendations (
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  tag_code text NOT NULL,
  alarm_type smallint NOT NULL CHECK (alarm_type IN (1, 2)),
  message text NOT NULL,
  cause text NOT NULL DEFAULT '',
  recommendation text NOT NULL DEFAULT '',
  PRIMARY KEY (model_id, tag_code, alarm_type)
);
ALTER TABLE equipment_models
  ADD COLUMN recommendation_file_url text,
  ADD COLUMN recommendation_file_name text;
