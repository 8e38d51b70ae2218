/**
 * Starter projects for Python (pytest), Go (go test, standard library only)
 * and Java (JUnit 5): each a small real codebase with a ticket, visible tests
 * the candidate runs and hidden tests run on submit and by reviewers.
 */
import type { SampleProject } from './assessments';

const FEES_PY = `"""Late fees for the Riverside Library's lending desk.

Amounts are in cents (integers) so that sums never pick up rounding errors.
"""

DAILY_FEE_CENTS = {"adult": 25, "student": 10, "child": 0}


def late_fee(days_late: int, member: str) -> int:
    """TODO(LIB-4): the fee for returning an item days_late days late.

    - the first 2 days are free (a grace period)
    - after that, each day costs DAILY_FEE_CENTS[member]
    - the fee is capped at 1000 cents
    - a negative days_late, or an unknown member type, raises ValueError
    """
    return 0
`;

const FEES_TEST_PY = `import pytest

from fees import late_fee


def test_on_time_costs_nothing():
    assert late_fee(0, "adult") == 0


def test_grace_period():
    assert late_fee(2, "adult") == 0


def test_adult_pays_per_day_after_grace():
    assert late_fee(5, "adult") == 75


def test_unknown_member_is_refused():
    with pytest.raises(ValueError):
        late_fee(3, "pirate")
`;

const FEES_HIDDEN_PY = `import pytest

from fees import late_fee


def test_student_rate():
    assert late_fee(12, "student") == 100


def test_children_never_pay():
    assert late_fee(400, "child") == 0


def test_cap():
    assert late_fee(365, "adult") == 1000


def test_negative_days_are_refused():
    with pytest.raises(ValueError):
        late_fee(-1, "adult")
`;

export const PYTHON_PROJECT: SampleProject = {
  name: 'library-late-fees',
  branch: 'feature/late-fees',
  runner: 'python',
  starter: 'python',
  context:
    'You are joining the small team behind the Riverside Library lending desk. The desk software is plain Python 3 with pytest tests.',
  ticket:
    'LIB-4: Late fees. The first 2 days late are free; after that each day costs 25 cents for adults, 10 for students and nothing for children, capped at 1000 cents. A negative number of days or an unknown member type raises ValueError. Implement late_fee in fees.py so that the tests in test_fees.py pass.',
  files: [
    { path: 'fees.py', content: FEES_PY },
    { path: 'test_fees.py', content: FEES_TEST_PY },
    {
      path: 'README.md',
      content:
        '# library-late-fees\n\nImplement `late_fee` in `fees.py` (ticket LIB-4). Run the tests with `pytest`.\n',
    },
  ],
  hiddenFiles: [{ path: 'test_fees_hidden.py', content: FEES_HIDDEN_PY }],
};

const SLUG_GO = `// Package blog holds the small helpers of the Harbour Times' publishing tool.
package blog

// Slug turns an article title into the last part of its URL.
//
// TODO(NEWS-9):
//   - lower case ASCII letters and digits are kept
//   - upper case ASCII letters become lower case
//   - every other run of characters becomes one "-"
//   - no "-" at the start or the end
//   - at most 60 characters (cut at a "-" boundary when there is one)
func Slug(title string) string {
	return title
}
`;

const SLUG_TEST_GO = `package blog

import "testing"

func TestSlugLowerCases(t *testing.T) {
	if got := Slug("Harbour"); got != "harbour" {
		t.Fatalf("Slug(%q) = %q, want %q", "Harbour", got, "harbour")
	}
}

func TestSlugJoinsWords(t *testing.T) {
	cases := map[string]string{
		"Storm hits the pier": "storm-hits-the-pier",
		"Fish & Chips, 2026!": "fish-chips-2026",
	}
	for title, want := range cases {
		t.Run(title, func(t *testing.T) {
			if got := Slug(title); got != want {
				t.Errorf("Slug(%q) = %q, want %q", title, got, want)
			}
		})
	}
}
`;

const SLUG_HIDDEN_GO = `package blog

import (
	"strings"
	"testing"
)

func TestSlugTrimsDashes(t *testing.T) {
	if got := Slug("  -- Ferry times --  "); got != "ferry-times" {
		t.Fatalf("got %q", got)
	}
}

func TestSlugDropsNonASCII(t *testing.T) {
	if got := Slug("Café über alles"); got != "caf-ber-alles" {
		t.Fatalf("got %q", got)
	}
}

func TestSlugLength(t *testing.T) {
	got := Slug(strings.Repeat("lighthouse keeper ", 10))
	if len(got) > 60 || strings.HasSuffix(got, "-") {
		t.Fatalf("got %q (%d characters)", got, len(got))
	}
}
`;

export const GO_PROJECT: SampleProject = {
  name: 'harbour-times-slugs',
  branch: 'feature/slugs',
  runner: 'go',
  starter: 'go',
  context:
    'You are joining the web team of the Harbour Times, a local newspaper. Its publishing tool is written in Go with the standard library only; tests use go test.',
  ticket:
    'NEWS-9: Readable article URLs. Slug must lower-case ASCII letters, keep digits, turn every other run of characters into one "-", trim "-" at both ends and keep at most 60 characters. Implement Slug in slug.go so that the tests in slug_test.go pass.',
  files: [
    { path: 'slug.go', content: SLUG_GO },
    { path: 'slug_test.go', content: SLUG_TEST_GO },
    { path: 'go.mod', content: 'module harbourtimes/blog\n\ngo 1.19\n' },
    {
      path: 'README.md',
      content:
        '# harbour-times-slugs\n\nImplement `Slug` in `slug.go` (ticket NEWS-9). Run the tests with `go test`. Standard library only.\n',
    },
  ],
  hiddenFiles: [{ path: 'slug_hidden_test.go', content: SLUG_HIDDEN_GO }],
};

const INVOICE_JAVA = `import java.util.ArrayList;
import java.util.List;

/** An invoice of the Northwind Print Shop. Amounts are in cents. */
public class Invoice {
    private final List<long[]> lines = new ArrayList<>();

    /** Adds quantity items of unitCents each. */
    public void add(long unitCents, int quantity) {
        if (quantity <= 0) throw new IllegalArgumentException("Quantity must be positive");
        lines.add(new long[] {unitCents, quantity});
    }

    public long subtotalCents() {
        long total = 0;
        for (long[] line : lines) total += line[0] * line[1];
        return total;
    }

    /**
     * TODO(PRINT-3): the total with VAT.
     * - VAT is 20% of the subtotal, rounded half up to whole cents
     * - orders of 10000 cents or more (before VAT) get 5% off the subtotal first
     *   (rounded down to whole cents), then VAT is added
     */
    public long totalCents() {
        return subtotalCents();
    }
}
`;

const INVOICE_TEST_JAVA = `import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class InvoiceTest {
    @Test
    void sumsLines() {
        Invoice invoice = new Invoice();
        invoice.add(250, 2);
        invoice.add(100, 1);
        assertEquals(600, invoice.subtotalCents());
    }

    @Test
    void addsVat() {
        Invoice invoice = new Invoice();
        invoice.add(1000, 1);
        assertEquals(1200, invoice.totalCents());
    }

    @Test
    void refusesZeroQuantity() {
        assertThrows(IllegalArgumentException.class, () -> new Invoice().add(100, 0));
    }
}
`;

const INVOICE_HIDDEN_JAVA = `import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InvoiceHiddenTest {
    @Test
    void roundsVatHalfUp() {
        Invoice invoice = new Invoice();
        invoice.add(3, 1);
        assertEquals(4, invoice.totalCents());
    }

    @Test
    void largeOrdersGetFivePercentOff() {
        Invoice invoice = new Invoice();
        invoice.add(10000, 1);
        assertEquals(11400, invoice.totalCents());
    }

    @Test
    void emptyInvoiceIsFree() {
        assertEquals(0, new Invoice().totalCents());
    }
}
`;

export const JAVA_PROJECT: SampleProject = {
  name: 'northwind-invoices',
  branch: 'feature/vat',
  runner: 'java',
  starter: 'java',
  context:
    'You are joining the team behind the Northwind Print Shop’s ordering system, plain Java 17 with JUnit 5 tests.',
  ticket:
    'PRINT-3: VAT on invoices. The total adds 20% VAT to the subtotal, rounded half up to whole cents; orders of 10000 cents or more get 5% off (rounded down) before VAT. Implement totalCents in Invoice.java so that the tests in InvoiceTest.java pass.',
  files: [
    { path: 'Invoice.java', content: INVOICE_JAVA },
    { path: 'InvoiceTest.java', content: INVOICE_TEST_JAVA },
    {
      path: 'README.md',
      content:
        '# northwind-invoices\n\nImplement `totalCents` in `Invoice.java` (ticket PRINT-3). The tests use JUnit 5.\n',
    },
  ],
  hiddenFiles: [{ path: 'InvoiceHiddenTest.java', content: INVOICE_HIDDEN_JAVA }],
};
