import { diagnosisWords, type FaultEvent, type FaultEventEvidence } from '@sdp/contracts';

/**
 * What an event says is wrong and what to do, in the reader's language (issue 26 item 2): from the diagnosis the
 * server stored at alarm time when there is one, else the stored texts ('-' when empty). The sensor by its name.
 */
export function eventWords(
  event: Pick<FaultEvent, 'cause' | 'recommendation' | 'diagnosis' | 'sensorId'>,
  evidence: FaultEventEvidence | null | undefined,
  language: string,
) {
  const diagnosis = event.diagnosis ?? evidence?.diagnosis ?? null;
  const said = diagnosis ? diagnosisWords(diagnosis, language === 'th' ? 'th' : 'en') : null;
  return {
    sensor: diagnosis?.quantity || evidence?.name || event.sensorId,
    failureMode: said?.failureMode || evidence?.failureMode || '',
    cause: said?.cause || event.cause || '-',
    recommendation: said?.recommendation || event.recommendation || '-',
  };
}
