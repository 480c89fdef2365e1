package bench

// ReferenceFiles are the datasets of ../shared/REFERENCE.md, in its order:
// the reference suite's.
var ReferenceFiles = []string{
	"mouse.csv", "lung_cancer_examples.csv", "iris.csv", "zoo.csv", "monk1.csv", "monk3.csv",
	"monk2.csv", "wine.csv", "tic-tac-toe.csv", "car.csv", "balance-scale.csv",
}

// Table3Files are the datasets of the paper's Table 3, in its order (it
// names them iris, Monks-probl-1 to 3, wine and balance-scale); the splits
// of each are splits/FILE.train<i>.csv and .test<i>.csv.
var Table3Files = []string{"iris.csv", "monk1.csv", "monk2.csv", "monk3.csv", "wine.csv", "balance-scale.csv"}

// paperFolds is the k of the paper's k-fold cross-validation on mouse and
// car.
const paperFolds = 10

// table3Splits is the number of train/test splits of each dataset.
const table3Splits = 5
