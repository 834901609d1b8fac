package gg

/*
#include <gg.h>
*/
import "C"

import "fmt"

// Status is a gg_status error value. It is itself an error, so that
// errors.Is(err, gg.StatusParse) tells the kind of a failure.
type Status int32

// The error statuses of gg.h (values fixed by the header).
const (
	StatusInvalidArgument Status = C.GG_ERROR_INVALID_ARGUMENT
	StatusParse           Status = C.GG_ERROR_PARSE
	StatusOutOfMemory     Status = C.GG_ERROR_OUT_OF_MEMORY
	StatusDevice          Status = C.GG_ERROR_DEVICE
	StatusUnsupported     Status = C.GG_ERROR_UNSUPPORTED
	StatusIO              Status = C.GG_ERROR_IO
	StatusTooLarge        Status = C.GG_ERROR_TOO_LARGE
	StatusInternal        Status = C.GG_ERROR_INTERNAL
	// StatusDistributed: another process of a distributed context failed, died or
	// did not answer within ContextOptions.MPITimeout, or MPI failed. Since ABI 0.7.
	StatusDistributed Status = C.GG_ERROR_DISTRIBUTED
)

// Error returns the library's short description, e.g. "parse error".
func (s Status) Error() string { return C.GoString(C.gg_status_string(C.gg_status(s))) }

// Error is a failed call: its status and the message naming what was wrong.
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("gg: %s: %s", e.Status.Error(), e.Message) }

// Unwrap exposes the Status to errors.Is.
func (e *Error) Unwrap() error { return e.Status }

func invalid(format string, args ...interface{}) error {
	return &Error{Status: StatusInvalidArgument, Message: fmt.Sprintf(format, args...)}
}
