/**
 * The portal's own words for what a tag measures, in the reader's language (issue 27 item 5): the names of the
 * platform's sensor types ('Top-oil temperature'), the quantity a configured sensor's tag adds to its name
 * ('Motor DE velocity': the sensor's name is the user's, 'velocity' is ours) and the alarm messages the analysis
 * writes ('Alarm: Motor DE velocity 4.639 (limit 4.5)'). Names a person typed stay as they were typed; a message a
 * recommendation workbook gave is the workbook's and is not touched. The web app, mails, exports and reports share
 * these so a Thai reader sees one wording everywhere.
 */

type Language = 'en' | 'th';

/** The platform's sensor types (model master data) in Thai; chemical formulas and units stay as written. */
const SENSOR_TYPE_TH: Record<string, string> = {
  'Acceleration RMS': 'ความเร่ง RMS',
  'Acetylene C2H2': 'อะเซทิลีน C2H2',
  'Ambient temperature': 'อุณหภูมิแวดล้อม',
  Battery: 'แบตเตอรี่',
  'Bearing current signature': 'สัญญาณกระแสผ่านแบริ่ง',
  'Broken rotor bar sideband': 'แถบข้างของซี่โรเตอร์หัก',
  'Bushing capacitance change': 'การเปลี่ยนแปลงค่าความจุบุชชิ่ง',
  'Bushing tan δ': 'tan δ ของบุชชิ่ง',
  'Cabinet temperature': 'อุณหภูมิตู้',
  'Carbon dioxide CO2': 'คาร์บอนไดออกไซด์ CO2',
  'Carbon monoxide CO': 'คาร์บอนมอนอกไซด์ CO',
  'Control card temperature': 'อุณหภูมิการ์ดควบคุม',
  'Cooling efficiency': 'ประสิทธิภาพการระบายความร้อน',
  'Cooling fan current': 'กระแสพัดลมระบายความร้อน',
  'Cooling fan remaining life': 'อายุคงเหลือของพัดลมระบายความร้อน',
  'Current THD': 'THD ของกระแส',
  'Current unbalance (NEMA)': 'กระแสไม่สมดุล (NEMA)',
  'DC bus voltage': 'แรงดันบัส DC',
  'DC-link capacitor remaining life': 'อายุคงเหลือของตัวเก็บประจุ DC-link',
  'DC-link ripple': 'ริปเปิล DC-link',
  'Driven acceleration RMS': 'ความเร่ง RMS ฝั่งที่ถูกขับ',
  'Driven bearing temperature': 'อุณหภูมิแบริ่งฝั่งที่ถูกขับ',
  'Driven velocity RMS': 'ความเร็ว RMS ฝั่งที่ถูกขับ',
  'Driver acceleration RMS': 'ความเร่ง RMS ฝั่งขับ',
  'Driver bearing temperature': 'อุณหภูมิแบริ่งฝั่งขับ',
  'Driver velocity RMS': 'ความเร็ว RMS ฝั่งขับ',
  'Eccentricity sideband': 'แถบข้างของความเยื้องศูนย์',
  'Envelope RMS': 'เอนเวโลป RMS',
  'Ethane C2H6': 'อีเทน C2H6',
  'Ethylene C2H4': 'เอทิลีน C2H4',
  'HV voltage': 'แรงดันด้าน HV',
  'Heatsink temperature': 'อุณหภูมิฮีตซิงก์',
  'Hydrogen H2': 'ไฮโดรเจน H2',
  'Load current phase A': 'กระแสโหลดเฟส A',
  'Load current phase B': 'กระแสโหลดเฟส B',
  'Load current phase C': 'กระแสโหลดเฟส C',
  'Load factor': 'ตัวประกอบโหลด',
  'Load oscillation sideband': 'แถบข้างของโหลดแกว่ง',
  'Locus Result Sum A': 'ผลรวมโลคัส A',
  'Locus Result Sum B': 'ผลรวมโลคัส B',
  'Locus Result Sum C': 'ผลรวมโลคัส C',
  'Main tank partial discharge': 'ดิสชาร์จบางส่วนในถังหลัก',
  'Methane CH4': 'มีเทน CH4',
  'Moisture in oil': 'ความชื้นในน้ำมัน',
  'Motor load': 'โหลดมอเตอร์',
  'OLTC acetylene C2H2': 'อะเซทิลีน C2H2 ของ OLTC',
  'OLTC drive motor torque': 'แรงบิดมอเตอร์ขับ OLTC',
  'OLTC ethylene C2H4': 'เอทิลีน C2H4 ของ OLTC',
  'OLTC hydrogen H2': 'ไฮโดรเจน H2 ของ OLTC',
  'OLTC methane CH4': 'มีเทน CH4 ของ OLTC',
  'OLTC operations since maintenance': 'จำนวนครั้งทำงานของ OLTC หลังบำรุงรักษา',
  'Oil level': 'ระดับน้ำมัน',
  'Output current': 'กระแสเอาต์พุต',
  'PD pulse rate': 'อัตราพัลส์ PD',
  'Residual (zero-sequence) current': 'กระแสตกค้าง (ลำดับศูนย์)',
  'Sensor temperature': 'อุณหภูมิเซนเซอร์',
  'Stator inter-turn signature': 'สัญญาณลัดวงจรระหว่างรอบสเตเตอร์',
  'Terminal voltage unbalance': 'แรงดันขั้วไม่สมดุล',
  'Top-oil temperature': 'อุณหภูมิน้ำมันส่วนบน',
  'Total dissolved combustible gas': 'ก๊าซติดไฟที่ละลายทั้งหมด',
  'Transmission acceleration RMS': 'ความเร่ง RMS ของระบบส่งกำลัง',
  'Transmission temperature': 'อุณหภูมิระบบส่งกำลัง',
  'Transmission velocity RMS': 'ความเร็ว RMS ของระบบส่งกำลัง',
  'Velocity RMS': 'ความเร็ว RMS',
  'Voltage unbalance': 'แรงดันไม่สมดุล',
  'Winding hot-spot temperature': 'อุณหภูมิจุดร้อนขดลวด',
};

/** The platform's alarm-limit groups of the model configuration (master data) in Thai. */
const GROUP_TH: Record<string, string> = {
  Airgap: 'ช่องอากาศ',
  'B Current & Voltage': 'B กระแสและแรงดัน',
  Bearing: 'แบริ่ง',
  'C Thermal / Oil level': 'C ความร้อน / ระดับน้ำมัน',
  'D Winding & Core': 'D ขดลวดและแกนเหล็ก',
  Driven: 'ฝั่งที่ถูกขับ',
  Driver: 'ฝั่งขับ',
  'E Main Tank PD': 'E PD ถังหลัก',
  'F Bushing': 'F บุชชิ่ง',
  'G Cooling': 'G ระบบระบายความร้อน',
  'Ground Fault': 'ลัดลงดิน',
  'H Main Tank DGA': 'H DGA ถังหลัก',
  'I OLTC DGA': 'I DGA ของ OLTC',
  'J OLTC': 'J OLTC',
  'Mechanical Failure': 'ความเสียหายทางกล',
  'Power Quality': 'คุณภาพไฟฟ้า',
  'Remaining life': 'อายุคงเหลือ',
  Rotor: 'โรเตอร์',
  'Sensor health': 'สภาพเซนเซอร์',
  Stator: 'สเตเตอร์',
  Terminal: 'ขั้วต่อ',
  Transmission: 'ระบบส่งกำลัง',
  'Trend signal': 'สัญญาณแนวโน้ม',
  VSD: 'VSD',
  Vibration: 'การสั่นสะเทือน',
};

/** The quantities the portal appends to a configured vibration sensor's name (analysis limits, RVS and EVS). */
const QUANTITY_TH: Record<string, string> = {
  acceleration: 'ความเร่ง',
  velocity: 'ความเร็ว',
  envelope: 'เอนเวโลป',
  temperature: 'อุณหภูมิ',
  battery: 'แบตเตอรี่',
};

const QUANTITY_SUFFIX = new RegExp(`^(.+) (${Object.keys(QUANTITY_TH).join('|')})((?: \\S{1,12})?)$`);
/** A Duval zone event's quantity, as the analysis names it: 'OLTC Duval zone D2', 'Main tank Duval zone T3'. */
const DUVAL_ZONE_NAME = /^(Main tank|OLTC) Duval zone (D2|T3)$/;

/**
 * What a tag measures, as its name reads in a language: a sensor type (or alarm-limit group) of the platform by
 * its Thai name, a
 * configured sensor's tag ('Pump DE acceleration H') as the quantity in Thai before the sensor's own name and axis
 * ('ความเร่ง Pump DE H'). Anything else (a name a person typed) is returned as it is.
 */
export function measurementName(name: string, language: Language): string {
  if (language === 'en') return name;
  const known = SENSOR_TYPE_TH[name] ?? GROUP_TH[name];
  if (known) return known;
  const match = QUANTITY_SUFFIX.exec(name);
  if (match) {
    const [, sensor = '', quantity = '', axis = ''] = match;
    return `${QUANTITY_TH[quantity]} ${sensor}${axis}`;
  }
  if (name.startsWith('Anomaly ')) return `ความผิดปกติ ${name.slice('Anomaly '.length)}`;
  const duval = DUVAL_ZONE_NAME.exec(name);
  if (duval) return `โซนดูวาล ${duval[2]} ของ${duval[1] === 'OLTC' ? ' OLTC' : 'ถังหลัก'}`;
  return name;
}

const LEVEL_TH = { Warning: 'เตือน', Alarm: 'แจ้งเตือนอันตราย' } as const;

/** An event's level as its alarm message begins: 'Warning' / 'เตือน' (1), 'Alarm' / 'แจ้งเตือนอันตราย' (2). */
export function alarmLevelWord(level: 1 | 2, language: Language): string {
  const word = level === 2 ? 'Alarm' : 'Warning';
  return language === 'th' ? LEVEL_TH[word] : word;
}

/** 'Alarm: <name> <value> (limit <limit>)' or '(learned baseline <value>)', as the analysis writes a new event. */
const GENERATED = /^(Warning|Alarm): (.+?)(?: (-?[0-9][0-9.eE+-]*) \((limit|learned baseline) ([^()]+)\))?$/;

/**
 * An alarm message in a language: one the analysis wrote (its level, the tag's name, the value and the limit or
 * learned baseline it crossed) is said again in Thai; a workbook's or a person's message is left as it is. An
 * event's message is said by `eventAlarmMessage` (event-diagnosis.ts), which says one written from the event's
 * diagnosis (a Duval zone event) from that diagnosis.
 */
export function alarmMessageWords(message: string, language: Language): string {
  if (language === 'en') return message;
  const match = GENERATED.exec(message);
  if (!match) return message;
  const [, level, name = '', value, kind, limit] = match;
  const said = `${LEVEL_TH[level as keyof typeof LEVEL_TH]}: ${measurementName(name, 'th')}`;
  if (value === undefined) return said;
  return `${said} ${value} (${kind === 'limit' ? 'ขีดจำกัด' : 'ค่าฐานที่เรียนรู้'} ${limit})`;
}
