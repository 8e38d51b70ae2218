import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  candidatePageSchema,
  candidateProfileViewSchema,
  candidateSearchQuerySchema,
} from '../../../domain/candidate-search';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import {
  type CandidateSearchDeps,
  getCandidateProfile,
  searchCandidates,
} from './candidates-search.service';

const search = createRoute({
  method: 'get',
  path: '/api/candidates',
  tags: ['Find Candidates'],
  summary: 'Search discoverable candidates (recruiters and admins), best match first, paged',
  description:
    'q matches name, title, skills, bio and location (whole words, prefixes, English stems, and misspellings of names, skills and places). ' +
    'Filters: skills (every one), location, remote, experience (any of 0-1, 1-3, 3-5, 5-10, 10+), jobType (any). ' +
    'Lists repeat the key or separate values with commas.',
  request: { query: candidateSearchQuerySchema },
  responses: { 200: jsonContent(candidatePageSchema, 'A page of candidates'), ...errorResponses },
});

const view = createRoute({
  method: 'get',
  path: '/api/candidates/{id}',
  tags: ['Find Candidates'],
  summary: "A candidate's profile, read-only (recruiters and admins)",
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id'),
    }),
  },
  responses: {
    200: jsonContent(candidateProfileViewSchema, 'The profile'),
    ...errorResponses,
    404: jsonContent(errorSchema, 'Candidate not found'),
  },
});

export function candidateSearchRoutes(deps: CandidateSearchDeps) {
  return createRouter()
    .openapi(search, async (c) =>
      c.json(await searchCandidates(deps, requireActor(c), c.req.valid('query')), 200),
    )
    .openapi(view, async (c) =>
      c.json(await getCandidateProfile(deps, requireActor(c), c.req.valid('param').id), 200),
    );
}
