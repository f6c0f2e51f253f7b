import Chip from '@mui/material/Chip';
import type { MemberStatus } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';

const colors = { pending: 'warning', active: 'success', inactive: 'default' } as const;

/** A member's or administrator's status: warning for pending, success for active (spec 01 §4). */
export function StatusChip({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colors[status]} label={t(`status.${status}`)} />;
}
