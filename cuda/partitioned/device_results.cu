#include "partitioned/device_results.cuh"

namespace gg::cuda {

DeviceResults::DeviceResults(DevicePartSet &parts)
    : parts_(parts),
      gather_(StatePool::take<PlanGather>(
          parts.states(),
          StateKey{parts.plan().parts[0].local.uid(), 0, parts.device_of(0), uint32_t(EngineId::plan_gather), 0},
          [&] {
              const PartitionPlan &plan = parts.plan();
              auto made = std::make_unique<PlanGather>();
              std::vector<uint32_t> ids;
              ids.reserve(plan.n);
              for (const PartitionPart &part : plan.parts) {
                  made->base.push_back(ids.size());
                  ids.insert(ids.end(), part.global_ids.begin(), part.global_ids.begin() + part.owned);
              }
              DeviceScope scope(parts.device_of(0));
              made->owned_global = DeviceArray<uint32_t>(std::max<size_t>(ids.size(), 1), "a plan's owned ids");
              double unused = 0;
              if (!ids.empty())
                  copy_to_device(made->owned_global.get(), ids.data(), ids.size() * sizeof(uint32_t),
                                 parts.stream_of(0), unused);
              return std::unique_ptr<EngineState>(made.release());
          })) {}

void DeviceResults::reserve(size_t value_bytes) {
    const size_t bytes = std::max<size_t>(parts_.plan().n, 1) * value_bytes;
    DeviceScope scope(first_device());
    if (gather_->whole.bytes() < bytes) {
        gather_->whole = DeviceArray<unsigned char>();  // freed before the larger one is made
        gather_->whole = DeviceArray<unsigned char>(bytes, "a plan's values by global id");
    }
    // Only parts on other devices pass through the staging array.
    if (parts_.num_devices() > 1 && gather_->staging.bytes() < bytes) {
        gather_->staging = DeviceArray<unsigned char>();
        gather_->staging = DeviceArray<unsigned char>(bytes, "a plan's staged values");
    }
}

}  // namespace gg::cuda
