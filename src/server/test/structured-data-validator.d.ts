// @adobe/structured-data-validator ships no types: the part the tests use.
declare module '@adobe/structured-data-validator' {
  export interface StructuredDataIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<StructuredDataIssue[]>;
  }
}
