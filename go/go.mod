module github.com/planview/planview/go

go 1.19
