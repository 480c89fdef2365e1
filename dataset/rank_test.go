package dataset

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRankNumbers checks ranking.rank against sorting and searching, on
// columns above and below radixMin, of few and of many distinct numbers,
// with both zeros, subnormals and numbers of every magnitude and sign.
func TestRankNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	negZero := math.Copysign(0, -1)
	for _, n := range []int{3, radixMin + 1} {
		for _, first := range []float64{0, negZero} {
			nums := []float64{first}
			for i := 1; i < n; i++ {
				nums = append(nums, []float64{0, negZero, float64(i)}[i%3])
			}
			checkRanks(t, nums)
		}
	}
	special := []float64{0, negZero, 1, -1, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64, 0.1, 1e-300}
	for _, n := range []int{1, 2, 3, radixMin - 1, radixMin, radixMin + 1, 1000, 5000} {
		for _, distinct := range []int{1, 2, 17, n} {
			pool := make([]float64, distinct)
			for i := range pool {
				switch rng.IntN(4) {
				case 0:
					pool[i] = special[rng.IntN(len(special))]
				case 1:
					pool[i] = float64(rng.IntN(7) - 3)
				case 2:
					pool[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
				default:
					pool[i] = math.Float64frombits(rng.Uint64())
					if math.IsNaN(pool[i]) {
						pool[i] = 2
					}
				}
			}
			nums := make([]float64, n)
			for i := range nums {
				nums[i] = pool[rng.IntN(distinct)]
			}
			checkRanks(t, nums)
		}
	}
}

func checkRanks(t *testing.T, nums []float64) {
	t.Helper()
	var rk ranking
	rk.rank(make([]float64, len(nums)/2)) // memory of a column before
	sorted, rank := rk.rank(nums)
	want := slices.Clone(nums)
	slices.Sort(want)
	want = slices.Compact(want) // 0 and -0 are equal: one survives
	if len(sorted) != len(want) || !slices.IsSorted(sorted) {
		t.Fatalf("%d numbers: %d sorted, want %d in order", len(nums), len(sorted), len(want))
	}
	for i, v := range sorted {
		if v != want[i] {
			t.Fatalf("%d numbers: sorted[%d] = %v, want %v", len(nums), i, v, want[i])
		}
	}
	firstZero := -1
	for k, v := range nums {
		if sorted[rank[k]] != v {
			t.Fatalf("%d numbers: %v ranked %d, where %v is", len(nums), v, rank[k], sorted[rank[k]])
		}
		if v == 0 && firstZero < 0 {
			firstZero = k
		}
	}
	if firstZero >= 0 && math.Signbit(sorted[rank[firstZero]]) != math.Signbit(nums[firstZero]) {
		t.Fatalf("%d numbers: zero stands as %v, want the first, %v", len(nums), sorted[rank[firstZero]], nums[firstZero])
	}
}

func BenchmarkRankNumbers(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	nums := make([]float64, 1<<14)
	for i := range nums {
		nums[i] = rng.Float64()
	}
	var rk ranking
	for b.Loop() {
		rk.rank(nums)
	}
}
