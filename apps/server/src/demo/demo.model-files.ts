import { textPdf } from '../lib/pdf.ts';

interface About {
  code: string;
  title: string;
  tag: string;
}

/** The demo's PM report of a model: a one-page PDF listing a preventive maintenance visit. */
export function demoPmReportPdf(model: About): Buffer {
  return textPdf(`PM Report - ${model.code}`, [
    `Model: ${model.title} (${model.code})`,
    `Equipment: ${model.tag}`,
    '',
    'Preventive maintenance checklist',
    '1. Visual inspection of enclosure, cabling and terminations',
    '2. Thermographic survey under load',
    '3. Tightening torque of power terminals checked',
    '4. Sensors and gateway: readings compared with portable instruments',
    '5. Cleaning of cooling surfaces and filters',
    '',
    'Findings: see the Fault Event Alarm history of this model.',
    'Next visit: in 6 months.',
  ]);
}

/** The demo's manual of a model: a one-page PDF with its operating notes. */
export function demoManualPdf(model: About): Buffer {
  return textPdf(`Manual - ${model.code}`, [
    `Model: ${model.title} (${model.code})`,
    `Equipment: ${model.tag}`,
    '',
    'Operation and maintenance manual (summary)',
    '- Keep warning and alarm limits as set in the model configuration.',
    '- An alarm status calls for an inspection within 24 hours.',
    '- A warning status calls for a check at the next planned visit.',
    '- Keep the PM report of each visit on the Document tab.',
  ]);
}
