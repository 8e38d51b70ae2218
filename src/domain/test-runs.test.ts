import { describe, expect, it } from 'vitest';
import { detectRunner, languageUnavailableText, projectRunner } from './test-runs';

describe('a project language from its files', () => {
  it('detects node, Python, Go and Java test files, else none', () => {
    expect(detectRunner(['cart.js', 'cart.test.js'])).toBe('node');
    expect(detectRunner(['fees.py', 'test_fees.py'])).toBe('python');
    expect(detectRunner(['fees.py', 'pkg/fees_test.py'])).toBe('python');
    expect(detectRunner(['go.mod', 'slug.go', 'slug_test.go'])).toBe('go');
    expect(detectRunner(['Invoice.java', 'InvoiceTest.java'])).toBe('java');
    expect(detectRunner(['queries.sql', 'README.md'])).toBe('none');
    // Every package's tests run (go test ./...); testdata and vendor are not packages go tests.
    expect(detectRunner(['go.mod', 'sub/x_test.go'])).toBe('go');
    expect(detectRunner(['go.mod', 'testdata/x_test.go', 'vendor/a/b_test.go'])).toBe('none');
  });

  it("the template's choice wins over the files", () => {
    expect(projectRunner({ runner: 'python', files: [{ path: 'a.test.js' }] })).toBe('python');
    expect(projectRunner({ files: [{ path: 'CartTest.java' }] })).toBe('java');
  });

  it('names the language that cannot run', () => {
    expect(languageUnavailableText('python')).toBe('Python tests cannot run on this server');
    expect(languageUnavailableText('go')).toBe('Go tests cannot run on this server');
    expect(languageUnavailableText('java')).toBe('Java tests cannot run on this server');
  });
});
