package gg

/*
#include <stdint.h>
*/
import "C"

import "runtime/cgo"

// LogLevel is the severity of a library log message.
type LogLevel int32

const (
	LogDebug LogLevel = 0
	LogInfo  LogLevel = 1
	LogWarn  LogLevel = 2
	LogError LogLevel = 3
)

func (l LogLevel) String() string {
	switch l {
	case LogDebug:
		return "debug"
	case LogInfo:
		return "info"
	case LogWarn:
		return "warn"
	case LogError:
		return "error"
	}
	return "unknown"
}

//export ggGoLog
func ggGoLog(handle C.uintptr_t, level C.int, message *C.char) {
	log, ok := cgo.Handle(handle).Value().(func(LogLevel, string))
	if !ok {
		return
	}
	// A panic must not unwind through the C library.
	defer func() { _ = recover() }()
	log(LogLevel(level), C.GoString(message))
}
