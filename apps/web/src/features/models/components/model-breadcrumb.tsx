import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { useTree } from '../../structure/api/get-tree.ts';
import { folderViewPath, treeTrail } from '../../structure/tree-rows.ts';

type ModelBreadcrumbProps = { companyId: string; equipmentId: string; modelTitle: string };

/**
 * Where a model sits (issue 27.4): company › folders › equipment tag › model. The company and folders lead to
 * their views, as the side tree's rows do; the tag is named (its click in the tree only opens it). Before the
 * tree is in, the company alone leads back.
 */
export function ModelBreadcrumb({ companyId, equipmentId, modelTitle }: ModelBreadcrumbProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const tree = useTree(companyId);
  const trail = tree.data ? treeTrail(tree.data, equipmentId) : [];
  const places =
    trail.length > 0
      ? trail.map((node) => ({ id: node.id, title: node.structureItemTitle, node }))
      : [{ id: companyId, title: findCompany(me, companyId)?.title ?? '', node: null }];
  return (
    <Breadcrumbs
      aria-label={t('modelView.breadcrumb')}
      // One line at any width, scrolled sideways when longer: the trail comes with the tree, after the page is drawn,
      // and a trail wrapping onto a second line would push the whole page down (issue 29: layout shift).
      sx={{
        mb: 1,
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap', overflowX: 'auto', whiteSpace: 'nowrap' },
        '& .MuiBreadcrumbs-li, & .MuiBreadcrumbs-separator': { flexShrink: 0 },
      }}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={2}
      maxItems={5}
    >
      {places
        .filter((place) => place.title !== '')
        .map((place) =>
          place.node?.type === 'equipment' ? (
            <Typography key={place.id} variant="body2" color="text.secondary">
              {place.title}
            </Typography>
          ) : (
            <Link
              key={place.id}
              component={RouterLink}
              to={folderViewPath(companyId, place.node)}
              variant="body2"
              underline="hover"
              color="inherit"
            >
              {place.title}
            </Link>
          ),
        )}
      <Typography variant="body2" color="text.primary" aria-current="page">
        {modelTitle}
      </Typography>
    </Breadcrumbs>
  );
}
