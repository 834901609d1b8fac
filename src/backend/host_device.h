// Lets one header serve both backends: functions marked GG_HOST_DEVICE
// compile for the host (g++, the CPU backend) and, under nvcc, for the
// device too.
#pragma once

#ifdef __CUDACC__
#define GG_HOST_DEVICE __host__ __device__
#else
#define GG_HOST_DEVICE
#endif
