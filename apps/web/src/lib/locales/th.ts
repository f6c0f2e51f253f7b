import type { TranslationTree } from './translation-tree.ts';

/** Thai strings; keys mirror `en.ts` (Thai has a single plural form, so plurals use `_other` only). */
export const th: TranslationTree = {
  app: {
    name: 'แพลตฟอร์มตรวจจับอัจฉริยะ',
    shortName: 'SDP',
  },
  pages: {
    signIn: 'เข้าสู่ระบบ',
    companies: 'บริษัท',
    companyPage: 'หน้าบริษัท',
    members: 'สมาชิกในบริษัท',
    admin: 'ผู้ดูแลระบบ',
    settingModel: 'ตั้งค่าโมเดลออนไลน์',
    modelView: 'มุมมองโมเดล',
    notFound: 'ไม่พบหน้าที่ต้องการ',
  },
  common: {
    loading: 'กำลังโหลด…',
    retry: 'ลองอีกครั้ง',
    close: 'ปิด',
    back: 'ย้อนกลับ',
    notAvailableYet: 'หน้านี้ยังไม่พร้อมใช้งาน',
  },
  errors: {
    network: 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
    unknown: 'เกิดข้อผิดพลาด โปรดลองอีกครั้ง',
    sessionLoad: 'ไม่สามารถโหลดข้อมูลบัญชีของคุณได้',
    notFound: 'ไม่มีหน้าที่อยู่นี้',
  },
  language: {
    label: 'ภาษา',
    en: 'English',
    th: 'ไทย',
  },
  auth: {
    heading: 'เข้าสู่ระบบเพื่อดำเนินการต่อ',
    email: 'อีเมล',
    password: 'รหัสผ่าน',
    signIn: 'เข้าสู่ระบบ',
    signingIn: 'กำลังเข้าสู่ระบบ…',
    signInWithOrganisation: 'เข้าสู่ระบบด้วยบัญชีองค์กรของคุณ',
    loggedOut: 'คุณออกจากระบบแล้ว',
    signInFailed: 'เข้าสู่ระบบไม่สำเร็จ: {{reason}}',
    emailRequired: 'กรุณากรอกอีเมล',
    emailInvalid: 'กรุณากรอกอีเมลให้ถูกต้อง',
    passwordRequired: 'กรุณากรอกรหัสผ่าน',
  },
  header: {
    openDrawer: 'เปิดแถบด้านข้าง',
    closeDrawer: 'ปิดแถบด้านข้าง',
    goToFolderView: 'ไปที่มุมมองโฟลเดอร์',
    settings: 'การตั้งค่า',
    editProfile: 'แก้ไขโปรไฟล์',
    reportIssue: 'แจ้งปัญหา',
    settingCompanies: 'ตั้งค่าบริษัท',
    settingAdmin: 'ตั้งค่าผู้ดูแลระบบ',
    realtimeFaultEvent: 'แจ้งเตือนเหตุการณ์ผิดปกติแบบเรียลไทม์',
    realtimeFaultEventOn: '"เปิด" : แจ้งเตือนเหตุการณ์ผิดปกติแบบเรียลไทม์',
    realtimeFaultEventOff: '"ปิด" : แจ้งเตือนเหตุการณ์ผิดปกติแบบเรียลไทม์',
    signOut: 'ออกจากระบบ',
  },
  drawer: {
    label: 'บริษัท',
    noDescription: 'คำอธิบาย',
    expiryDate: 'วันหมดอายุ: {{date}}',
    remainingDays_other: 'วันคงเหลือ: เหลืออีก {{count}} วัน',
    resize: 'ปรับความกว้างแถบด้านข้าง',
    noCompany: 'ยังไม่ได้เลือกบริษัท',
  },
  companies: {
    heading: 'รายชื่อบริษัท',
    count_other: '{{count}} บริษัท',
    expired: 'หมดอายุ: {{date}}',
    daysLeft_other: 'เหลืออีก {{count}} วัน',
    empty: 'ยังไม่มีบริษัท',
    logo: 'โลโก้ของ {{title}}',
  },
  members: {
    empty: 'รายชื่อสมาชิกยังไม่พร้อมใช้งาน',
  },
  admins: {
    empty: 'รายชื่อผู้ดูแลระบบยังไม่พร้อมใช้งาน',
  },
  models: {
    backToCompany: 'กลับไปที่หน้าบริษัท',
    viewEmpty: 'แดชบอร์ดของโมเดลนี้ยังไม่พร้อมใช้งาน',
    settingEmpty: 'การตั้งค่าของโมเดลนี้ยังไม่พร้อมใช้งาน',
  },
  structure: {
    empty: 'มุมมองโฟลเดอร์ของบริษัทนี้ยังไม่พร้อมใช้งาน',
  },
  profile: {
    name: 'ชื่อ',
    email: 'อีเมล',
    readOnlyNote: 'ยังไม่สามารถเปลี่ยนชื่อและรูปภาพได้',
  },
};
