import {
  errorResponse,
  type ReportKind,
  reportConfig,
  reportConfigUpdate,
  reportMembers,
  reportPdfQuery,
  reportPdfResult,
  uuid,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import { type EquipmentVisibility, seesEquipment } from '../../auth/equipment-visibility.ts';
import { notFound } from '../../lib/http-error.ts';
import { errorResponses, paramId } from '../../lib/route-schemas.ts';
import { allowSameOriginFraming } from '../../lib/security-headers.ts';
import { ReportRateLimited, type ReportsService } from './reports.service.ts';

interface Options {
  service: ReportsService;
  visibility: EquipmentVisibility;
}

const fileParams = z.object({ id: uuid, fileId: uuid });
/** Company-root menu (spec 01 §6): MCA report for ADMIN and OWNER, RVS report for ADMIN and OWNER_RVS. */
const PERMISSION_OF = { MCA: 'ManageMcaReport', RVS: 'ManageRvsReport' } as const;

export const reportsRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  // The permission depends on the kind in the path; an unknown kind is refused by the params schema first.
  const byKind = (kind: ReportKind) => access.company(PERMISSION_OF[kind], paramId);
  for (const kind of ['MCA', 'RVS'] as const) {
    const config = { access: byKind(kind) };
    const path = `/companies/:id/online-report/${kind}`;
    const params = z.object({ id: uuid });
    app.get(
      path,
      {
        config,
        schema: {
          tags: ['reports'],
          summary: `Online report config of the company (${kind === 'MCA' ? 'MCA monthly: interval_day' : 'RVS daily: interval_time'})`,
          params,
          response: { 200: reportConfig, ...errorResponses },
        },
      },
      (request) => service.config(request.params.id, kind),
    );
    app.put(
      path,
      {
        config,
        schema: {
          tags: ['reports'],
          summary: `Update the ${kind} online report: memberIds, isAutoSend, ${kind === 'MCA' ? 'intervalDay (1–28)' : 'intervalTime (HH:MM:00, half hours)'}`,
          params,
          body: reportConfigUpdate,
          response: { 200: z.object({ message: z.string() }), ...errorResponses },
        },
      },
      (request) => service.update(request.params.id, kind, request.body),
    );
    app.get(
      `/companies/:id/report-members/${kind}`,
      {
        config,
        schema: {
          tags: ['reports'],
          summary: `Members and e-mails for the ${kind} report: {id, email, role, isNotify}`,
          params,
          response: { 200: reportMembers, ...errorResponses },
        },
      },
      async (request) => ({ items: await service.members(request.params.id, kind) }),
    );
  }

  app.get(
    '/companies/:id/online-report/pdf',
    {
      config: {
        access: access.equipment('ViewCompany', (request, session) =>
          visibility.ofModel((request.query as { model_id?: string }).model_id, session.userId),
        ),
      },
      schema: {
        tags: ['reports'],
        summary:
          'Get report PDF (spec 03 §7.6): renders the model report of start–end and answers {url}. At most REPORT_PDF_MAX_PER_USER_PER_MINUTE a minute per user (429 with Retry-After); 409 when the company’s stored PDFs would pass REPORT_FILES_MAX_MB_PER_COMPANY',
        params: z.object({ id: uuid }),
        querystring: reportPdfQuery,
        response: { 200: reportPdfResult, ...errorResponses, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (auth.companyId !== request.params.id) throw notFound('Model not found.');
      const { model_id, start, end, type } = request.query;
      try {
        return await service.pdf(
          request.params.id,
          model_id,
          new Date(start),
          new Date(end),
          type,
          auth.userId,
        );
      } catch (error) {
        if (error instanceof ReportRateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    '/companies/:id/report-files/:fileId',
    {
      config: { access: access.company('ViewCompany', paramId) },
      schema: {
        tags: ['reports'],
        summary: 'A rendered report PDF (the url answered by Get report PDF)',
        params: fileParams,
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await service.file(request.params.id, request.params.fileId);
      if (file.model_id) {
        const auth = requireAuth(request);
        const seen = await visibility.ofModel(file.model_id, auth.userId);
        if (!seen || !seesEquipment(auth.permissions, seen)) throw notFound('Report file not found.');
      }
      // The model page's preview frames the PDF (same origin only).
      allowSameOriginFraming(reply);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.file_name}"`)
        .header('cache-control', 'private, max-age=300')
        .send(file.content);
    },
  );
};
