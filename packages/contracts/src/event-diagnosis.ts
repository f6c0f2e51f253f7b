import { z } from 'zod';
import { alarmLevelWord, alarmMessageWords, measurementName } from './measurement-words.ts';

/**
 * What a fault event says is wrong and what to do (issue 26 item 2): the facts the server stored when the event
 * opened (failure mode, the part, the evidence numbers) and the words for them in English and Thai. The page, the
 * mail, the Excel export and the report render the same facts in the reader's language with `diagnosisWords`.
 * The default recommendations below are the engine's documented defaults (docs/fault-events-and-notes.md); a
 * model's recommendation workbook, when it has a recommendation for the tag, replaces them.
 */

export const EVENT_FAILURE_MODES = [
  // Vibration engine (packages/analytics faults.ts).
  'unbalance',
  'misalignment',
  'looseness',
  'bearing_outer_race',
  'bearing_inner_race',
  'bearing_rolling_element',
  'bearing_cage',
  'gear',
  // Overall levels without a spectrum signature.
  'vibration_velocity',
  'vibration_acceleration',
  'overheating',
  'sensor_battery',
  // Motor current (MCA).
  'broken_rotor_bar',
  'stator_short_turn',
  'current_unbalance',
  'eccentricity',
  'bearing_current',
  'terminal_loose',
  'ground_fault',
  'power_quality',
  'load_oscillation',
  // Drives (VCA).
  'capacitor_ageing',
  'fan_ageing',
  'dc_overvoltage',
  'dc_ripple',
  'overload',
  // Transformers.
  'overvoltage',
  'oil_level_low',
  'moisture',
  'winding_deformation',
  'partial_discharge',
  'bushing_insulation',
  'cooling',
  'dissolved_gas',
  'oltc_gas',
  'oltc_mechanism',
  // Duval Triangle 1 zones that make a transformer at least a warning whatever the gas limits (issue 26 item 8).
  'high_energy_discharge',
  'thermal_fault_t3',
  // Anything else.
  'anomaly',
  'limit_exceeded',
] as const;
export type EventFailureMode = (typeof EVENT_FAILURE_MODES)[number];

export const EVENT_PARTS = [
  'bearing',
  'shaft',
  'coupling',
  'mounting',
  'gear',
  'rotor',
  'stator',
  'air_gap',
  'terminal_box',
  'insulation',
  'power_supply',
  'driven_load',
  'dc_link_capacitor',
  'cooling_fan',
  'power_stage',
  'control_card',
  'cabinet',
  'drive_output',
  'winding',
  'main_tank',
  'bushing',
  'cooling_system',
  'oltc',
  'sensor',
  'machine',
] as const;
export type EventPart = (typeof EVENT_PARTS)[number];

/** The stored facts of an event's diagnosis; numbers in the model's units. */
export const eventDiagnosis = z.object({
  mode: z.enum(EVENT_FAILURE_MODES),
  part: z.enum(EVENT_PARTS),
  /** Where on the machine: the sensor's name or position ('Motor DE'); '' when the part says it all. */
  location: z.string(),
  /** The measured quantity by its name (never its tag code). */
  quantity: z.string(),
  value: z.number(),
  /** The limit the value crossed (the event's level), null when the model has none. */
  limit: z.number().nullable(),
  unit: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  direction: z.enum(['high', 'low']),
  /**
   * The vibration engine's verdict on the capture closest before the event (RVS): the failure mode it found worst
   * (or null when every mode was normal), its status and indicator (dB, mm/s or a count), the defect line in Hz.
   * Absent (null) where no spectrum is scored.
   */
  engine: z
    .object({
      found: z
        .object({
          mode: z.enum(EVENT_FAILURE_MODES),
          status: z.union([z.literal(1), z.literal(2)]),
          indicator: z.number(),
          frequencyHz: z.number().nullable(),
        })
        .nullable(),
      capturedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  /** The model's recommendation workbook's text for the tag, which replaces the default recommendation. */
  workbookRecommendation: z.string().nullable(),
  /**
   * A Duval Triangle 1 zone event (D2, T3): the gases in ppm that placed the sample in it, their shares of the three
   * (%), and whether every gas was within its limits (then the zone alone drives the status). Absent otherwise.
   */
  duval: z
    .object({
      zone: z.enum(['D2', 'T3']),
      gases: z.object({ ch4: z.number(), c2h4: z.number(), c2h2: z.number() }),
      shares: z.object({ ch4: z.number(), c2h4: z.number(), c2h2: z.number() }),
      gasesWithinLimits: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type EventDiagnosis = z.infer<typeof eventDiagnosis>;

type Language = 'en' | 'th';
type Words = { name: string; recommendation: string };

const BEARING_EN = 'Check lubrication, plan the bearing replacement and trend the envelope more often.';
const BEARING_TH = 'ตรวจการหล่อลื่น วางแผนเปลี่ยนตลับลูกปืน และวัดสเปกตรัมเอนเวโลปให้ถี่ขึ้น';
const HEAT_EN =
  'Check cooling, lubrication and load; find the heat source before it damages insulation or lubricant.';
const HEAT_TH = 'ตรวจการระบายความร้อน การหล่อลื่น และภาระ หาแหล่งความร้อนก่อนที่ฉนวนหรือสารหล่อลื่นจะเสียหาย';

/** Each failure mode's name and default recommendation (the engine's documented defaults). */
export const FAILURE_MODE_WORDS: Record<Language, Record<EventFailureMode, Words>> = {
  en: {
    unbalance: {
      name: 'Unbalance',
      recommendation: 'Check the rotor for build-up, wear or missing parts and balance it.',
    },
    misalignment: {
      name: 'Misalignment',
      recommendation: 'Check shaft alignment, coupling condition and soft foot.',
    },
    looseness: {
      name: 'Mechanical looseness',
      recommendation: 'Check hold-down bolts, base, bearing housing fits and cracks in the frame.',
    },
    bearing_outer_race: { name: 'Bearing outer race defect', recommendation: BEARING_EN },
    bearing_inner_race: { name: 'Bearing inner race defect', recommendation: BEARING_EN },
    bearing_rolling_element: { name: 'Bearing rolling element defect', recommendation: BEARING_EN },
    bearing_cage: { name: 'Bearing cage defect', recommendation: BEARING_EN },
    gear: {
      name: 'Gear wear or tooth damage',
      recommendation:
        'Inspect the gear teeth for wear, pitting or a cracked tooth; check backlash and lubrication.',
    },
    vibration_velocity: {
      name: 'High overall vibration',
      recommendation:
        'Measure a spectrum to find the cause (unbalance, misalignment, looseness) and check the mounting.',
    },
    vibration_acceleration: {
      name: 'High vibration acceleration (impacts or friction)',
      recommendation: 'Check bearing lubrication and condition; trend the envelope spectrum.',
    },
    overheating: { name: 'Overheating', recommendation: HEAT_EN },
    sensor_battery: { name: 'Low sensor battery', recommendation: 'Replace the sensor battery.' },
    broken_rotor_bar: {
      name: 'Broken or cracked rotor bar',
      recommendation:
        'Confirm at full load and plan a rotor inspection or repair; avoid frequent direct-on-line starts.',
    },
    stator_short_turn: {
      name: 'Stator inter-turn short',
      recommendation:
        'Test the winding insulation (surge test, insulation resistance) and plan a rewind; check for overheating.',
    },
    current_unbalance: {
      name: 'Current unbalance',
      recommendation: 'Check the supply voltages, the connections and the winding for an unbalanced phase.',
    },
    eccentricity: {
      name: 'Air-gap eccentricity',
      recommendation: 'Check bearing wear, shaft alignment and soft foot; measure the air gap.',
    },
    bearing_current: { name: 'Bearing defect seen in the motor current', recommendation: BEARING_EN },
    terminal_loose: {
      name: 'Loose or corroded terminal connection',
      recommendation: 'Inspect and retighten the terminal box connections; check them with thermography.',
    },
    ground_fault: {
      name: 'Ground fault',
      recommendation: 'Measure the insulation resistance to earth and find the leaking cable or winding.',
    },
    power_quality: {
      name: 'Poor power quality',
      recommendation:
        'Check supply harmonics and voltage balance; check drives and capacitor banks on the same supply.',
    },
    load_oscillation: {
      name: 'Load oscillation',
      recommendation:
        'Check the driven machine and the coupling for a cyclic load (cavitation, belts, gear damage).',
    },
    capacitor_ageing: {
      name: 'DC-link capacitor ageing',
      recommendation:
        'Plan the capacitor replacement before its remaining life runs out; lower the cabinet temperature.',
    },
    fan_ageing: {
      name: 'Cooling fan wear',
      recommendation: 'Plan the fan replacement; clean the filters and air paths.',
    },
    dc_overvoltage: {
      name: 'DC bus overvoltage',
      recommendation: 'Check the supply voltage, the braking chopper and the deceleration ramps.',
    },
    dc_ripple: {
      name: 'DC-link ripple',
      recommendation:
        'Check the DC-link capacitors and the input rectifier; check the supply for a missing phase.',
    },
    overload: {
      name: 'Overload',
      recommendation: 'Check the driven load and the process; compare with the rated current.',
    },
    overvoltage: { name: 'Overvoltage', recommendation: 'Check the tap position and the network voltage.' },
    oil_level_low: { name: 'Low oil level', recommendation: 'Look for oil leaks and top up the oil.' },
    moisture: {
      name: 'Moisture in oil',
      recommendation: 'Check the breather and the seals; plan drying of the oil.',
    },
    winding_deformation: {
      name: 'Winding or core deformation',
      recommendation: 'Plan a frequency response analysis (FRA) and a leakage reactance test.',
    },
    partial_discharge: {
      name: 'Partial discharge',
      recommendation: 'Locate the discharge (acoustic or UHF) and take an oil sample for DGA.',
    },
    bushing_insulation: {
      name: 'Bushing insulation deterioration',
      recommendation: 'Plan an offline capacitance and tan δ test of the bushing; consider replacing it.',
    },
    cooling: {
      name: 'Cooling system fault',
      recommendation: 'Check the fans, pumps and radiators; clean the radiators.',
    },
    dissolved_gas: {
      name: 'Gas forming in the oil',
      recommendation:
        'Take an oil sample for laboratory DGA, read the Duval triangle and the rate of increase; reduce the load if gases rise fast.',
    },
    oltc_gas: {
      name: 'Gas forming in the tap changer',
      recommendation: 'Inspect the OLTC contacts; plan OLTC maintenance and an oil change.',
    },
    oltc_mechanism: {
      name: 'Tap changer mechanism wear',
      recommendation: 'Plan OLTC maintenance: contacts, drive motor and linkage.',
    },
    high_energy_discharge: {
      name: 'High-energy discharge (arcing)',
      recommendation:
        'Confirm with a laboratory DGA as soon as possible; look for arcing (loose connections, tap changer contacts, flashover) and consider taking the unit out of service if C2H2 keeps rising.',
    },
    thermal_fault_t3: {
      name: 'Thermal fault above 700 °C',
      recommendation:
        'Confirm with a laboratory DGA as soon as possible; look for hot spots (core, connections, circulating currents) with thermography and against the load, and consider taking the unit out of service if C2H4 keeps rising.',
    },
    anomaly: {
      name: 'Unusual behaviour',
      recommendation:
        'Compare the two related measurements; check for a sensor fault or a developing problem.',
    },
    limit_exceeded: {
      name: 'Limit exceeded',
      recommendation: 'Inspect the equipment and watch the trend of this measurement.',
    },
  },
  th: {
    unbalance: {
      name: 'ความไม่สมดุล',
      recommendation: 'ตรวจโรเตอร์ว่ามีสิ่งสะสม สึกหรอ หรือชิ้นส่วนหลุดหาย แล้วถ่วงสมดุล',
    },
    misalignment: {
      name: 'การเยื้องศูนย์',
      recommendation: 'ตรวจการตั้งศูนย์เพลา สภาพคัปปลิง และขาฐานไม่เสมอ (soft foot)',
    },
    looseness: {
      name: 'ความหลวมทางกล',
      recommendation: 'ตรวจสลักยึด ฐานเครื่อง ความพอดีของเสื้อตลับลูกปืน และรอยร้าวของโครง',
    },
    bearing_outer_race: { name: 'รางนอกของตลับลูกปืนเสียหาย', recommendation: BEARING_TH },
    bearing_inner_race: { name: 'รางในของตลับลูกปืนเสียหาย', recommendation: BEARING_TH },
    bearing_rolling_element: { name: 'ลูกกลิ้งของตลับลูกปืนเสียหาย', recommendation: BEARING_TH },
    bearing_cage: { name: 'รังของตลับลูกปืนเสียหาย', recommendation: BEARING_TH },
    gear: {
      name: 'เฟืองสึกหรือฟันเฟืองเสียหาย',
      recommendation: 'ตรวจฟันเฟืองว่าสึก เป็นหลุม หรือร้าว ตรวจระยะคลอนและการหล่อลื่น',
    },
    vibration_velocity: {
      name: 'การสั่นสะเทือนรวมสูง',
      recommendation: 'วัดสเปกตรัมเพื่อหาสาเหตุ (ความไม่สมดุล การเยื้องศูนย์ ความหลวม) และตรวจการยึดเครื่อง',
    },
    vibration_acceleration: {
      name: 'ความเร่งการสั่นสะเทือนสูง (การกระแทกหรือการเสียดสี)',
      recommendation: 'ตรวจการหล่อลื่นและสภาพตลับลูกปืน และติดตามแนวโน้มสเปกตรัมเอนเวโลป',
    },
    overheating: { name: 'อุณหภูมิสูงเกิน', recommendation: HEAT_TH },
    sensor_battery: { name: 'แบตเตอรี่เซนเซอร์ต่ำ', recommendation: 'เปลี่ยนแบตเตอรี่ของเซนเซอร์' },
    broken_rotor_bar: {
      name: 'ซี่โรเตอร์หักหรือร้าว',
      recommendation: 'ยืนยันที่โหลดเต็มและวางแผนตรวจหรือซ่อมโรเตอร์ หลีกเลี่ยงการสตาร์ตตรงบ่อยครั้ง',
    },
    stator_short_turn: {
      name: 'ขดลวดสเตเตอร์ลัดวงจรระหว่างรอบ',
      recommendation: 'ทดสอบฉนวนขดลวด (surge test ความต้านทานฉนวน) และวางแผนพันขดลวดใหม่ ตรวจการร้อนเกิน',
    },
    current_unbalance: {
      name: 'กระแสไม่สมดุล',
      recommendation: 'ตรวจแรงดันแหล่งจ่าย จุดต่อ และขดลวดว่ามีเฟสใดไม่สมดุล',
    },
    eccentricity: {
      name: 'ช่องอากาศเยื้องศูนย์',
      recommendation: 'ตรวจการสึกของตลับลูกปืน การตั้งศูนย์เพลา และ soft foot วัดช่องอากาศ',
    },
    bearing_current: { name: 'ตลับลูกปืนเสียหายที่เห็นในกระแสมอเตอร์', recommendation: BEARING_TH },
    terminal_loose: {
      name: 'จุดต่อขั้วหลวมหรือเป็นสนิม',
      recommendation: 'ตรวจและขันจุดต่อในกล่องขั้วต่อให้แน่น ตรวจด้วยกล้องถ่ายภาพความร้อน',
    },
    ground_fault: {
      name: 'การรั่วลงดิน',
      recommendation: 'วัดความต้านทานฉนวนต่อดินและหาสายหรือขดลวดที่รั่ว',
    },
    power_quality: {
      name: 'คุณภาพไฟฟ้าไม่ดี',
      recommendation: 'ตรวจฮาร์มอนิกและความสมดุลของแรงดันแหล่งจ่าย ตรวจไดรฟ์และชุดตัวเก็บประจุที่ใช้แหล่งจ่ายเดียวกัน',
    },
    load_oscillation: {
      name: 'ภาระแกว่ง',
      recommendation: 'ตรวจเครื่องจักรที่ถูกขับและคัปปลิงว่ามีภาระเป็นรอบ (คาวิเทชัน สายพาน เฟืองเสียหาย)',
    },
    capacitor_ageing: {
      name: 'ตัวเก็บประจุ DC-link เสื่อมอายุ',
      recommendation: 'วางแผนเปลี่ยนตัวเก็บประจุก่อนอายุที่เหลือจะหมด และลดอุณหภูมิตู้',
    },
    fan_ageing: {
      name: 'พัดลมระบายความร้อนเสื่อม',
      recommendation: 'วางแผนเปลี่ยนพัดลม ทำความสะอาดแผ่นกรองและทางลม',
    },
    dc_overvoltage: {
      name: 'แรงดันบัส DC สูงเกิน',
      recommendation: 'ตรวจแรงดันแหล่งจ่าย ชุดเบรกชอปเปอร์ และช่วงเวลาการลดความเร็ว',
    },
    dc_ripple: {
      name: 'ริปเปิลบน DC-link',
      recommendation: 'ตรวจตัวเก็บประจุ DC-link และวงจรเรียงกระแสขาเข้า ตรวจว่าแหล่งจ่ายขาดเฟสหรือไม่',
    },
    overload: {
      name: 'ภาระเกิน',
      recommendation: 'ตรวจภาระที่ขับและกระบวนการผลิต เทียบกับกระแสพิกัด',
    },
    overvoltage: { name: 'แรงดันเกิน', recommendation: 'ตรวจตำแหน่งแทปและแรงดันของระบบไฟฟ้า' },
    oil_level_low: { name: 'ระดับน้ำมันต่ำ', recommendation: 'ตรวจหารอยรั่วของน้ำมันและเติมน้ำมัน' },
    moisture: {
      name: 'ความชื้นในน้ำมัน',
      recommendation: 'ตรวจเบรทเธอร์และซีล วางแผนอบไล่ความชื้นในน้ำมัน',
    },
    winding_deformation: {
      name: 'ขดลวดหรือแกนเหล็กผิดรูป',
      recommendation: 'วางแผนทดสอบการตอบสนองความถี่ (FRA) และค่ารีแอกแตนซ์รั่ว',
    },
    partial_discharge: {
      name: 'ดิสชาร์จบางส่วน',
      recommendation: 'หาตำแหน่งดิสชาร์จ (อะคูสติกหรือ UHF) และเก็บตัวอย่างน้ำมันตรวจ DGA',
    },
    bushing_insulation: {
      name: 'ฉนวนบุชชิ่งเสื่อม',
      recommendation: 'วางแผนทดสอบค่าความจุและ tan δ ของบุชชิ่งแบบออฟไลน์ และพิจารณาเปลี่ยน',
    },
    cooling: {
      name: 'ระบบระบายความร้อนผิดปกติ',
      recommendation: 'ตรวจพัดลม ปั๊ม และหม้อน้ำระบายความร้อน ทำความสะอาดหม้อน้ำ',
    },
    dissolved_gas: {
      name: 'เกิดก๊าซในน้ำมัน',
      recommendation: 'เก็บตัวอย่างน้ำมันส่งห้องปฏิบัติการตรวจ DGA อ่านสามเหลี่ยมดูวาลและอัตราการเพิ่ม ลดภาระหากก๊าซเพิ่มเร็ว',
    },
    oltc_gas: {
      name: 'เกิดก๊าซในตัวเปลี่ยนแทป',
      recommendation: 'ตรวจหน้าสัมผัสของ OLTC วางแผนบำรุงรักษา OLTC และเปลี่ยนน้ำมัน',
    },
    oltc_mechanism: {
      name: 'กลไกตัวเปลี่ยนแทปสึกหรอ',
      recommendation: 'วางแผนบำรุงรักษา OLTC: หน้าสัมผัส มอเตอร์ขับ และก้านต่อ',
    },
    high_energy_discharge: {
      name: 'ดิสชาร์จพลังงานสูง (อาร์ก)',
      recommendation:
        'ยืนยันด้วยการตรวจ DGA ในห้องปฏิบัติการโดยเร็ว หาจุดอาร์ก (จุดต่อหลวม หน้าสัมผัสตัวเปลี่ยนแทป การวาบไฟ) และพิจารณาหยุดใช้งานหม้อแปลงหาก C2H2 ยังเพิ่มขึ้น',
    },
    thermal_fault_t3: {
      name: 'ความผิดปกติทางความร้อนสูงกว่า 700 °C',
      recommendation:
        'ยืนยันด้วยการตรวจ DGA ในห้องปฏิบัติการโดยเร็ว หาจุดร้อน (แกนเหล็ก จุดต่อ กระแสไหลวน) ด้วยกล้องถ่ายภาพความร้อนและเทียบกับภาระ และพิจารณาหยุดใช้งานหม้อแปลงหาก C2H4 ยังเพิ่มขึ้น',
    },
    anomaly: {
      name: 'พฤติกรรมผิดปกติ',
      recommendation: 'เปรียบเทียบค่าวัดสองค่าที่สัมพันธ์กัน ตรวจว่าเซนเซอร์เสียหรือมีปัญหากำลังก่อตัว',
    },
    limit_exceeded: {
      name: 'เกินขีดจำกัด',
      recommendation: 'ตรวจสอบอุปกรณ์และติดตามแนวโน้มของค่าวัดนี้',
    },
  },
};

/** Each part's name. */
export const PART_WORDS: Record<Language, Record<EventPart, string>> = {
  en: {
    bearing: 'bearing',
    shaft: 'shaft and rotor',
    coupling: 'coupling and alignment',
    mounting: 'mounting and frame',
    gear: 'gearbox',
    rotor: 'rotor',
    stator: 'stator winding',
    air_gap: 'air gap',
    terminal_box: 'terminal box',
    insulation: 'insulation to earth',
    power_supply: 'power supply',
    driven_load: 'driven load and coupling',
    dc_link_capacitor: 'DC-link capacitor',
    cooling_fan: 'cooling fan',
    power_stage: 'power stage (heatsink)',
    control_card: 'control card',
    cabinet: 'cabinet',
    drive_output: 'drive output',
    winding: 'windings',
    main_tank: 'main tank oil',
    bushing: 'bushing',
    cooling_system: 'cooling system',
    oltc: 'on-load tap changer (OLTC)',
    sensor: 'sensor',
    machine: 'machine',
  },
  th: {
    bearing: 'ตลับลูกปืน',
    shaft: 'เพลาและโรเตอร์',
    coupling: 'คัปปลิงและการตั้งศูนย์',
    mounting: 'ฐานยึดและโครงเครื่อง',
    gear: 'กระปุกเกียร์',
    rotor: 'โรเตอร์',
    stator: 'ขดลวดสเตเตอร์',
    air_gap: 'ช่องอากาศ',
    terminal_box: 'กล่องขั้วต่อ',
    insulation: 'ฉนวนต่อดิน',
    power_supply: 'แหล่งจ่ายไฟ',
    driven_load: 'ภาระที่ขับและคัปปลิง',
    dc_link_capacitor: 'ตัวเก็บประจุ DC-link',
    cooling_fan: 'พัดลมระบายความร้อน',
    power_stage: 'ภาคกำลัง (ฮีตซิงก์)',
    control_card: 'การ์ดควบคุม',
    cabinet: 'ตู้',
    drive_output: 'เอาต์พุตของไดรฟ์',
    winding: 'ขดลวด',
    main_tank: 'น้ำมันถังหลัก',
    bushing: 'บุชชิ่ง',
    cooling_system: 'ระบบระบายความร้อน',
    oltc: 'ตัวเปลี่ยนแทปขณะมีโหลด (OLTC)',
    sensor: 'เซนเซอร์',
    machine: 'เครื่องจักร',
  },
};

const ENGINE_LINE: Partial<Record<EventFailureMode, string>> = {
  bearing_outer_race: 'BPFO',
  bearing_inner_race: 'BPFI',
  bearing_rolling_element: '2×BSF',
  bearing_cage: 'FTF',
};

/** A number as texts show it: three significant digits, whole numbers from 100. */
function shown(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)));
}

function withUnit(value: number, unit: string) {
  return unit ? `${shown(value)} ${unit}` : shown(value);
}

/** The engine's evidence of what it found, in words. */
function engineEvidence(
  found: NonNullable<NonNullable<EventDiagnosis['engine']>['found']>,
  language: Language,
) {
  const th = language === 'th';
  const line = ENGINE_LINE[found.mode];
  const sure = found.status === 2 ? (th ? 'น่าจะเป็น' : 'likely') : th ? 'เป็นไปได้' : 'possible';
  if (line) {
    const at = found.frequencyHz === null ? line : `${line} ${shown(found.frequencyHz)} Hz`;
    return th
      ? `${at} สูงกว่าพื้นหลัง ${shown(found.indicator)} dB ในสเปกตรัมเอนเวโลป (${sure})`
      : `${at} stands ${shown(found.indicator)} dB above background in the envelope spectrum (${sure})`;
  }
  switch (found.mode) {
    case 'unbalance':
      return th
        ? `1× ${shown(found.indicator)} mm/s เด่นในสเปกตรัมความเร็ว (${sure})`
        : `1× at ${shown(found.indicator)} mm/s dominates the velocity spectrum (${sure})`;
    case 'misalignment':
      return th
        ? `2× ${shown(found.indicator)} mm/s ในสเปกตรัมความเร็ว (${sure})`
        : `2× at ${shown(found.indicator)} mm/s in the velocity spectrum (${sure})`;
    case 'looseness':
      return th
        ? `ฮาร์มอนิกและครึ่งลำดับของความเร็วรอบ ${shown(found.indicator)} เส้น (${sure})`
        : `${shown(found.indicator)} harmonics and half-orders of the running speed (${sure})`;
    case 'gear':
      return th
        ? `แถบข้าง ${shown(found.indicator)} เส้นรอบความถี่ขบเฟือง (${sure})`
        : `${shown(found.indicator)} sidebands around the gear mesh frequency (${sure})`;
    default:
      return '';
  }
}

const DUVAL_ZONE_WORDS = {
  en: { D2: 'discharges of high energy', T3: 'thermal fault above 700 °C' },
  th: { D2: 'ดิสชาร์จพลังงานสูง', T3: 'ความผิดปกติทางความร้อนสูงกว่า 700 °C' },
} as const;

/** The gases that placed a sample in a Duval zone, in words, and whether the zone alone drives the status. */
function duvalEvidence(duval: NonNullable<EventDiagnosis['duval']>, language: Language) {
  const { gases, shares, zone } = duval;
  const ppm = `CH4 ${shown(gases.ch4)} ppm, C2H4 ${shown(gases.c2h4)} ppm, C2H2 ${shown(gases.c2h2)} ppm`;
  const percent = `${shown(shares.ch4)} %, ${shown(shares.c2h4)} %, ${shown(shares.c2h2)} %`;
  const meaning = DUVAL_ZONE_WORDS[language][zone];
  if (language === 'th')
    return `สามเหลี่ยมดูวาล 1 จัดก๊าซอยู่ในโซน ${zone} (${meaning}): ${ppm} หรือ ${percent} ของผลรวมทั้งสาม.${
      duval.gasesWithinLimits ? ' ก๊าซทุกตัวอยู่ในขีดจำกัด: สถานะมาจากโซนเพียงอย่างเดียว.' : ''
    }`;
  return `Duval Triangle 1 places the gases in zone ${zone} (${meaning}): ${ppm}, or ${percent} of the three.${
    duval.gasesWithinLimits ? ' Every gas is within its limits: the zone alone drives the status.' : ''
  }`;
}

/** Modes of gas dissolved in oil, whose cause names the oil's part with the reading. */
const GAS_MODES: ReadonlySet<EventFailureMode> = new Set(['dissolved_gas', 'oltc_gas']);
const GAS_FORMING: Record<Language, (part: string) => string> = {
  en: (part) => `Gas forming in the ${part}`,
  th: (part) => `เกิดก๊าซใน${part}`,
};

/** 'Hydrogen H2 …' → 'hydrogen H2 …' inside a sentence; a leading code or acronym ('TDCG', 'H2') is kept. */
const lowerInitial = (text: string) => text.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());

/**
 * The alarm message the analysis writes from a diagnosis alone, in a language: a Duval zone event's level, the zone
 * and its failure mode ('Warning: OLTC Duval zone D2 (High-energy discharge (arcing))', 'เตือน: โซนดูวาล D2 ของ
 * OLTC (ดิสชาร์จพลังงานสูง (อาร์ก))'). Null for other events, whose message carries the crossing's own value and
 * limit.
 */
function diagnosisMessage(diagnosis: EventDiagnosis, language: Language): string | null {
  if (!diagnosis.duval) return null;
  const quantity = measurementName(diagnosis.quantity, language);
  return `${alarmLevelWord(diagnosis.level, language)}: ${quantity} (${FAILURE_MODE_WORDS[language][diagnosis.mode].name})`;
}

/**
 * An event's alarm message in a language. A message the analysis wrote from the event's diagnosis (a Duval zone
 * event) is said from that stored diagnosis, as its cause and recommendation are; any other (the analysis' message of
 * a crossed limit, a recommendation workbook's, a person's) by `alarmMessageWords`.
 */
export function eventAlarmMessage(
  message: string,
  diagnosis: EventDiagnosis | null | undefined,
  language: Language,
): string {
  if (diagnosis && diagnosisMessage(diagnosis, 'en') === message)
    return diagnosisMessage(diagnosis, language) ?? message;
  return alarmMessageWords(message, language);
}

/**
 * The event's failure mode, part, cause and recommendation in a language: the cause names the failure mode, the
 * part and where it is, the value against the limit it crossed and, for vibration, what the spectrum showed and
 * whether the level limit alone drives the status. The recommendation is the workbook's for the tag, else the
 * mode's default.
 */
export function diagnosisWords(diagnosis: EventDiagnosis, language: Language) {
  const th = language === 'th';
  const mode = FAILURE_MODE_WORDS[language][diagnosis.mode];
  const part = PART_WORDS[language][diagnosis.part];
  const where = diagnosis.location ? (th ? ` ที่ ${diagnosis.location}` : ` at ${diagnosis.location}`) : '';
  const limitName =
    diagnosis.level === 2 ? (th ? 'ขีดจำกัดแจ้งเตือน' : 'alarm limit') : th ? 'ขีดจำกัดเตือน' : 'warning limit';
  const side = diagnosis.direction === 'high' ? (th ? 'สูงกว่า' : 'above') : th ? 'ต่ำกว่า' : 'below';
  // The quantity in the reader's words too (issue 27 item 5): 'ความเร็ว Motor DE', not 'Motor DE velocity'.
  const quantity = measurementName(diagnosis.quantity, language);
  const level =
    diagnosis.limit === null
      ? `${quantity} ${withUnit(diagnosis.value, diagnosis.unit)}`
      : th
        ? `${quantity} ${withUnit(diagnosis.value, diagnosis.unit)} ${side}${limitName} ${withUnit(diagnosis.limit, diagnosis.unit)}`
        : `${quantity} ${withUnit(diagnosis.value, diagnosis.unit)} ${side} the ${limitName} ${withUnit(diagnosis.limit, diagnosis.unit)}`;
  // Gas in oil says where it forms in one sentence with the reading (issue 26): 'Gas forming in the main tank oil:
  // hydrogen H2 1500 ppm above the alarm limit 700 ppm.', not 'Gas forming in the oil: main tank oil. Hydrogen …'.
  const sentences =
    GAS_MODES.has(diagnosis.mode) && !diagnosis.duval
      ? [`${GAS_FORMING[language](part)}${where}: ${th ? level : lowerInitial(level)}.`]
      : [
          `${mode.name}: ${part}${where}.`,
          diagnosis.duval ? duvalEvidence(diagnosis.duval, language) : `${level}.`,
        ];
  if (diagnosis.engine) {
    const found = diagnosis.engine.found;
    if (found) sentences.push(`${engineEvidence(found, language)}.`);
    else
      sentences.push(
        th
          ? 'สเปกตรัมไม่พบรูปแบบของความเสียหาย สถานะมาจากขีดจำกัดระดับเพียงอย่างเดียว'
          : 'The spectrum shows no failure-mode signature: the level limit alone drives the status.',
      );
  }
  return {
    failureMode: mode.name,
    part: `${part}${where}`,
    cause: sentences.join(' '),
    recommendation: diagnosis.workbookRecommendation || mode.recommendation,
  };
}
