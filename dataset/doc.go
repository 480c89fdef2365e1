// Package dataset reads labelled CSV tables and binarizes them into the
// Boolean features and distinct examples that odtx encodes for the SAT solver.
//
// Reading is lenient about the accidents of real files (a UTF-8 byte order
// mark, CRLF line endings, a ';' or tab separator, spaces around fields) and
// strict about their shape: every column must have a name, every row as many
// fields as the header, every field UTF-8 text, no line more than 1 MiB,
// and every error names the file and, where it helps, the line.
//
// Binarization follows the scheme of Avellaneda's InferDT: a numeric column
// with the distinct values v1 < v2 < ... < vk gives the tests col <= v1, ...,
// col <= v(k-1); any other column is one-hot encoded, except that a column
// with two values needs only one test. Rows with the same tests and label are
// collapsed into one example, and rows with the same tests but different
// labels are reported, because no tree can classify both correctly.
//
// An empty field, or NaN in any case, is a missing value (IsMissing). In a
// column whose other values are all numbers, each threshold gives two
// tests, one that the missing values satisfy and one that they fail, and
// col <= max, failed by them, tells whether a value is there: a search
// that chooses among the tests chooses the side of the missing values with
// the threshold, exactly, with no engine the wiser. In any other column
// the missing values, however written, are one category.
//
// An example keeps, rather than a Boolean per test, a code per column: the
// rank of its value among the column's distinct values, which decides every
// test of the column (Dataset.Holds). A numeric column of n distinct values
// gives n-1 tests and takes one code, its missing values the code past
// the last, so that wide numeric data stays small,
// and an engine that searches a column's thresholds in order reads an
// example's place among them from its code.
package dataset
