//! The `vulkan` backend (docs/architecture.md §7): each `hal.executable.variant` is
//! lowered to the kernel dialect and read into stage plans
//! (`xir_kernel_plan`, shared with `local`); every stage becomes a SPIR-V
//! compute shader (`spirv.rs`, rspirv) and a vulkano compute pipeline,
//! created once per executable. One Vulkan instance per process, one
//! logical device per physical device, both made on first use.
//!
//! Memory: the HAL's buffers live in host memory. A dispatch copies its
//! bindings into Vulkan buffers, runs its stages in one command buffer
//! (vulkano inserts the barriers between them) and copies the buffers its
//! stages write back.

pub mod spirv;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use vulkano::buffer::{Buffer, BufferCreateInfo, BufferUsage, Subbuffer};
use vulkano::command_buffer::allocator::StandardCommandBufferAllocator;
use vulkano::command_buffer::{AutoCommandBufferBuilder, CommandBufferUsage};
use vulkano::descriptor_set::allocator::StandardDescriptorSetAllocator;
use vulkano::descriptor_set::layout::{
    DescriptorSetLayout, DescriptorSetLayoutBinding, DescriptorSetLayoutCreateInfo, DescriptorType,
};
use vulkano::descriptor_set::{DescriptorSet, WriteDescriptorSet};
use vulkano::device::physical::PhysicalDevice;
use vulkano::device::{
    Device, DeviceCreateInfo, DeviceFeatures, Queue, QueueCreateInfo, QueueFlags,
};
use vulkano::instance::{Instance, InstanceCreateFlags, InstanceCreateInfo};
use vulkano::memory::allocator::{AllocationCreateInfo, MemoryTypeFilter, StandardMemoryAllocator};
use vulkano::pipeline::compute::ComputePipelineCreateInfo;
use vulkano::pipeline::layout::PipelineLayoutCreateInfo;
use vulkano::pipeline::{
    ComputePipeline, Pipeline, PipelineBindPoint, PipelineLayout, PipelineShaderStageCreateInfo,
};
use vulkano::shader::{ShaderModule, ShaderModuleCreateInfo, ShaderStages};
use vulkano::sync::{self, GpuFuture};
use vulkano::{Validated, VulkanError, VulkanLibrary};
use xir::{Context, Ir, Op};
use xir_kernel_plan::resolve::{check_grid, dispatch_sizes, resolve, BufferSize};
use xir_kernel_plan::{
    BufferKind, ElementType, GatherPlan, GenericPlan, KernelPlan, MatmulPlan, ScatterPlan, Stage,
};
use xir_runtime_hal::{
    Backend, ConfigValue, DispatchArgs, Driver, Error, ErrorKind, Executable, Exports, Result,
    TargetDesc,
};

/// The kind of a failed Vulkan call: memory is `ResourceExhausted`, a lost
/// device `Unavailable`; anything else (a validation error: code this
/// backend generated or recorded) `Internal`.
fn vk_kind(e: &Validated<VulkanError>) -> ErrorKind {
    match e {
        Validated::Error(
            VulkanError::OutOfHostMemory
            | VulkanError::OutOfDeviceMemory
            | VulkanError::OutOfPoolMemory
            | VulkanError::TooManyObjects
            | VulkanError::FragmentedPool
            | VulkanError::Fragmentation,
        ) => ErrorKind::ResourceExhausted,
        Validated::Error(VulkanError::DeviceLost) => ErrorKind::Unavailable,
        _ => ErrorKind::Internal,
    }
}

/// A failed Vulkan call, its message the error's.
fn vk_err(e: Validated<VulkanError>) -> Error {
    Error::new(vk_kind(&e), e.to_string())
}

/// A failed Vulkan call, its message `what: error`.
fn vk_err_in(what: &'static str) -> impl Fn(Validated<VulkanError>) -> Error {
    move |e| Error::new(vk_kind(&e), format!("{what}: {e}"))
}

/// Vulkano refused a command this backend recorded: a bug here.
fn internal(e: impl std::fmt::Display) -> Error {
    Error::internal(e.to_string())
}

/// The process's Vulkan instance and its compute-capable devices.
struct Vk {
    devices: Vec<Arc<PhysicalDevice>>,
}

fn vk() -> Result<&'static Vk> {
    static VK: OnceLock<Result<Vk>> = OnceLock::new();
    VK.get_or_init(|| {
        let lib = VulkanLibrary::new()
            .map_err(|e| Error::unavailable(format!("no Vulkan loader: {e}")))?;
        let instance = Instance::new(
            lib,
            InstanceCreateInfo {
                flags: InstanceCreateFlags::ENUMERATE_PORTABILITY,
                ..Default::default()
            },
        )
        .map_err(|e| Error::unavailable(format!("cannot create a Vulkan instance: {e}")))?;
        let devices = instance
            .enumerate_physical_devices()
            .map_err(|e| Error::unavailable(format!("cannot list Vulkan devices: {e}")))?
            .filter(|p| {
                p.queue_family_properties()
                    .iter()
                    .any(|q| q.queue_flags.intersects(QueueFlags::COMPUTE))
            })
            .collect();
        Ok(Vk { devices })
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// A logical device with what dispatches need.
pub struct Gpu {
    device: Arc<Device>,
    queue: Arc<Queue>,
    memory: Arc<StandardMemoryAllocator>,
    sets: Arc<StandardDescriptorSetAllocator>,
    commands: Arc<StandardCommandBufferAllocator>,
    f64_ok: bool,
    i64_ok: bool,
    /// `storageBuffer8BitAccess` (Vulkan 1.2): i1 buffers, one byte each.
    i1_ok: bool,
    max_groups: [u32; 3],
    max_range: u64,
}

/// Device `ordinal`, created once per process.
fn gpu(ordinal: usize) -> Result<Arc<Gpu>> {
    static GPUS: OnceLock<Mutex<HashMap<usize, Arc<Gpu>>>> = OnceLock::new();
    let mut map = GPUS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(g) = map.get(&ordinal) {
        return Ok(g.clone());
    }
    let phys = vk()?
        .devices
        .get(ordinal)
        .ok_or_else(|| Error::unavailable(format!("no Vulkan device {ordinal}")))?
        .clone();
    let family = phys
        .queue_family_properties()
        .iter()
        .position(|q| q.queue_flags.intersects(QueueFlags::COMPUTE))
        .ok_or_else(|| Error::unavailable("a Vulkan device without a compute queue"))?
        as u32;
    let sup = phys.supported_features();
    let i1_ok = phys.api_version() >= vulkano::Version::V1_2 && sup.storage_buffer8_bit_access;
    let features = DeviceFeatures {
        shader_float64: sup.shader_float64,
        shader_int64: sup.shader_int64,
        storage_buffer8_bit_access: i1_ok,
        ..DeviceFeatures::empty()
    };
    let (device, mut queues) = Device::new(
        phys.clone(),
        DeviceCreateInfo {
            queue_create_infos: vec![QueueCreateInfo {
                queue_family_index: family,
                ..Default::default()
            }],
            enabled_features: features,
            ..Default::default()
        },
    )
    .map_err(|e| Error::unavailable(format!("cannot open Vulkan device {ordinal}: {e}")))?;
    let queue = queues
        .next()
        .ok_or_else(|| Error::unavailable("no Vulkan queue"))?;
    let p = phys.properties();
    let g = Arc::new(Gpu {
        memory: Arc::new(StandardMemoryAllocator::new_default(device.clone())),
        sets: Arc::new(StandardDescriptorSetAllocator::new(
            device.clone(),
            Default::default(),
        )),
        commands: Arc::new(StandardCommandBufferAllocator::new(
            device.clone(),
            Default::default(),
        )),
        device,
        queue,
        f64_ok: sup.shader_float64,
        i64_ok: sup.shader_int64,
        i1_ok,
        max_groups: max_groups(p.max_compute_work_group_count),
        max_range: u64::from(p.max_storage_buffer_range),
    });
    map.insert(ordinal, g.clone());
    Ok(g)
}

/// The device's workgroup-count limits, or `XIR_VULKAN_MAX_GROUPS` if
/// smaller (tests use it to run the grid-stride loops and the untiled
/// matmul on small sizes).
fn max_groups(device: [u32; 3]) -> [u32; 3] {
    let cap = std::env::var("XIR_VULKAN_MAX_GROUPS")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|&c| c > 0);
    device.map(|d| cap.map_or(d, |c| c.min(d)))
}

/// The driver: every compute-capable Vulkan device of the machine.
pub struct VulkanDriver;

impl Driver for VulkanDriver {
    fn name(&self) -> &str {
        "vulkan"
    }

    fn device_count(&self) -> usize {
        vk().map_or(0, |v| v.devices.len())
    }

    fn target(&self, ordinal: usize) -> TargetDesc {
        // The limits a compiler for this exact device needs, as TVM's
        // `Target("vulkan -from_device=0")` reads them.
        let mut config: Vec<(String, ConfigValue)> = Vec::new();
        if let Some(p) = vk().ok().and_then(|v| v.devices.get(ordinal)) {
            let pr = p.properties();
            let f = p.supported_features();
            let ints = |v: [u32; 3]| ConfigValue::Ints(v.iter().map(|&x| i64::from(x)).collect());
            config.push((
                "device_name".into(),
                ConfigValue::Str(pr.device_name.clone()),
            ));
            config.push((
                "device_type".into(),
                ConfigValue::Str(format!("{:?}", pr.device_type).to_lowercase()),
            ));
            config.push((
                "api_version".into(),
                ConfigValue::Str(pr.api_version.to_string()),
            ));
            config.push((
                "max_workgroup_size".into(),
                ints(pr.max_compute_work_group_size),
            ));
            config.push((
                "max_workgroup_invocations".into(),
                ConfigValue::Int(i64::from(pr.max_compute_work_group_invocations)),
            ));
            config.push((
                "max_workgroup_count".into(),
                ints(pr.max_compute_work_group_count),
            ));
            config.push((
                "max_shared_memory".into(),
                ConfigValue::Int(i64::from(pr.max_compute_shared_memory_size)),
            ));
            config.push((
                "max_storage_buffer_range".into(),
                ConfigValue::Int(i64::from(pr.max_storage_buffer_range)),
            ));
            if let Some(s) = pr.subgroup_size {
                config.push(("subgroup_size".into(), ConfigValue::Int(i64::from(s))));
            }
            config.push((
                "shader_float64".into(),
                ConfigValue::Int(i64::from(f.shader_float64)),
            ));
            config.push((
                "shader_int64".into(),
                ConfigValue::Int(i64::from(f.shader_int64)),
            ));
        }
        TargetDesc {
            kind: "vulkan".into(),
            config,
            formats: vec!["spirv".into()],
        }
    }

    fn backend(&self, ordinal: usize) -> Arc<dyn Backend> {
        Arc::new(VulkanBackend { ordinal })
    }
}

/// Attaches the interfaces [`shaders`] and `prepare` read kernel ops by.
pub fn register(ctx: &mut Context) {
    xir_kernel_plan::register(ctx)
}

/// Compiles `vulkan` targets to SPIR-V pipelines on one device.
pub struct VulkanBackend {
    ordinal: usize,
}

impl Backend for VulkanBackend {
    fn serves(&self, kind: &str) -> bool {
        kind == "vulkan"
    }

    fn register(&self, ctx: &mut Context) {
        register(ctx)
    }

    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
        let gpu = gpu(self.ordinal)?;
        let lowered = xir_kernel_plan::read_variant(ctx, ir, variant)?;
        let exports = lowered.export_indices()?;
        let mut kernels = Vec::new();
        for plan in lowered.plans {
            let mut pipelines = Vec::new();
            for (i, st) in plan.stages.iter().enumerate() {
                let at = plan.origins.get(i).map(String::as_str).unwrap_or("?");
                let fail = |e: Error| {
                    e.map_message(|m| format!("{at}: in kernel @{}: {m} on vulkan", plan.name))
                };
                let p = match st {
                    // The compiler decomposes convs for targets without the
                    // stage (`window_stages`), as it does for vulkan's.
                    Stage::Conv(_) | Stage::Pool(_) => {
                        return Err(fail(Error::unimplemented(
                            "kernel.conv and kernel.pool are not supported (the compiler decomposes convs and pools for this target)",
                        )))
                    }
                    // Nor does it form attentions for it (no attention stage).
                    Stage::Attention(_) => {
                        return Err(fail(Error::unimplemented(
                            "kernel.attention is not supported (the compiler never emits it for this target; it decomposes attention)",
                        )))
                    }
                    Stage::Generic(g) => StagePipelines {
                        main: generic_pipelines(&gpu, &plan, g).map_err(fail)?,
                        epilogue: None,
                    },
                    Stage::Matmul(m) => {
                        let elem = plan.buffers[m.out].elem;
                        if elem == ElementType::I1 {
                            return Err(fail(Error::unimplemented(
                                "an i1 matmul is not supported",
                            )));
                        }
                        check_elem(&gpu, elem).map_err(fail)?;
                        let words = spirv::matmul_shader(elem).map_err(fail)?;
                        let tiled = spirv::matmul_tiled_shader(elem).map_err(fail)?;
                        StagePipelines {
                            main: Pipelines {
                                plain: pipeline(&gpu, &words, 3).map_err(fail)?,
                                fast: Some(pipeline(&gpu, &tiled, 3).map_err(fail)?),
                            },
                            epilogue: m
                                .epilogue
                                .as_ref()
                                .map(|e| generic_pipelines(&gpu, &plan, e))
                                .transpose()
                                .map_err(fail)?,
                        }
                    }
                    Stage::Gather(gp) => {
                        let elem = plan.buffers[gp.out].elem;
                        let index = plan.buffers[gp.indices].elem;
                        check_elem(&gpu, elem).map_err(fail)?;
                        check_elem(&gpu, index).map_err(fail)?;
                        let words = spirv::gather_shader(elem, index).map_err(fail)?;
                        StagePipelines {
                            main: Pipelines {
                                plain: pipeline(&gpu, &words, 3).map_err(fail)?,
                                fast: None,
                            },
                            epilogue: None,
                        }
                    }
                    Stage::Scatter(sp) => {
                        let elem = plan.buffers[sp.out].elem;
                        let index = plan.buffers[sp.indices].elem;
                        check_elem(&gpu, elem).map_err(fail)?;
                        check_elem(&gpu, index).map_err(fail)?;
                        let words =
                            spirv::scatter_shader(elem, index, sp.reduction).map_err(fail)?;
                        StagePipelines {
                            main: Pipelines {
                                plain: pipeline(&gpu, &words, 4).map_err(fail)?,
                                fast: None,
                            },
                            epilogue: None,
                        }
                    }
                };
                pipelines.push(p);
            }
            let grid = plan.grid_buffer();
            kernels.push(Kernel {
                plan,
                pipelines,
                grid,
            });
        }
        Ok(Arc::new(VulkanExecutable {
            gpu,
            exports,
            kernels,
        }))
    }
}

/// The SPIR-V of every stage of a variant (`kernel/stage`, words), built
/// as for a device with 64-bit floats and ints; needs no device (tests
/// validate these with spirv-val). The context went through [`register`].
pub fn shaders(ctx: &Context, ir: &Ir, variant: Op) -> Result<Vec<(String, Vec<u32>)>> {
    let lowered = xir_kernel_plan::read_variant(ctx, ir, variant)?;
    let mut out = Vec::new();
    for plan in &lowered.plans {
        for (i, st) in plan.stages.iter().enumerate() {
            let name = format!("{}/{i}", plan.name);
            match st {
                Stage::Conv(_) | Stage::Pool(_) => {
                    return Err(Error::unimplemented(
                        "kernel.conv and kernel.pool are not supported on vulkan",
                    ))
                }
                Stage::Attention(_) => {
                    return Err(Error::unimplemented(
                        "kernel.attention is not supported on vulkan",
                    ))
                }
                Stage::Generic(g) => {
                    let elems = operand_elems(plan, g);
                    if spirv::vec4_operands(g, &elems).is_some() {
                        out.push((
                            format!("{name}/vec4"),
                            spirv::generic_vec4_shader(g, &elems)?,
                        ));
                    }
                    out.push((name, spirv::generic_shader(g, &elems)?));
                }
                Stage::Matmul(m) => {
                    out.push((
                        name.clone(),
                        spirv::matmul_shader(plan.buffers[m.out].elem)?,
                    ));
                    if let Some(e) = &m.epilogue {
                        out.push((
                            format!("{name}/epilogue"),
                            spirv::generic_shader(e, &operand_elems(plan, e))?,
                        ));
                    }
                }
                Stage::Gather(gp) => {
                    out.push((
                        name,
                        spirv::gather_shader(
                            plan.buffers[gp.out].elem,
                            plan.buffers[gp.indices].elem,
                        )?,
                    ));
                }
                Stage::Scatter(sp) => {
                    out.push((
                        name,
                        spirv::scatter_shader(
                            plan.buffers[sp.out].elem,
                            plan.buffers[sp.indices].elem,
                            sp.reduction,
                        )?,
                    ));
                }
            }
        }
    }
    Ok(out)
}

/// Whether a generic's 4-lane form may run with these args: the inner size
/// and every vector operand's start and outer strides are multiples of 4
/// (so no vector straddles rows or misaligns).
fn vec4_ready(g: &GenericPlan, args: &[i64]) -> bool {
    let n = g.inputs.len() + 1;
    let rank = g.domain.len();
    let l = spirv::ArgsLayout { operands: n, rank };
    let kinds = xir_kernel_plan::inner_kinds(g);
    rank > 0
        && args[l.size(rank - 1)] % 4 == 0
        && (0..n)
            .filter(|&k| kinds[k] == xir_kernel_plan::Inner::Contiguous)
            .all(|k| args[l.base(k)] % 4 == 0 && (0..rank - 1).all(|d| args[l.coef(k, d)] % 4 == 0))
}

fn check_elem(gpu: &Gpu, e: ElementType) -> Result<()> {
    if spirv::supported(e, gpu.f64_ok, gpu.i64_ok, gpu.i1_ok) {
        Ok(())
    } else {
        // This device has no code for it (its features lack it).
        Err(Error::unimplemented(format!(
            "element type {e} is not supported"
        )))
    }
}

/// The element types of a generic's operands (inputs, then the output).
fn operand_elems(plan: &KernelPlan, g: &GenericPlan) -> Vec<ElementType> {
    g.inputs
        .iter()
        .chain(std::iter::once(&g.output))
        .map(|a| plan.buffers[a.buffer].elem)
        .collect()
}

fn generic_pipelines(gpu: &Gpu, plan: &KernelPlan, g: &GenericPlan) -> Result<Pipelines> {
    let elems = operand_elems(plan, g);
    for &e in &elems {
        check_elem(gpu, e)?;
    }
    // Bodies may also hold i1 values (comparisons, selects).
    for &(_, e) in &g.body.ops {
        if e != ElementType::I1 {
            check_elem(gpu, e)?;
        }
    }
    let plain = pipeline(gpu, &spirv::generic_shader(g, &elems)?, elems.len())?;
    let fast = match spirv::vec4_operands(g, &elems) {
        Some(_) => Some(pipeline(
            gpu,
            &spirv::generic_vec4_shader(g, &elems)?,
            elems.len(),
        )?),
        None => None,
    };
    Ok(Pipelines { plain, fast })
}

/// A compute pipeline with `operands` storage buffers plus the args block
/// at set 0, bindings `0..=operands`.
fn pipeline(gpu: &Gpu, words: &[u32], operands: usize) -> Result<Arc<ComputePipeline>> {
    // SAFETY: the module is generated by `spirv.rs`, whose output the tests
    // check with spirv-val.
    let module =
        unsafe { ShaderModule::new(gpu.device.clone(), ShaderModuleCreateInfo::new(words)) }
            .map_err(vk_err_in("shader module"))?;
    let entry = module
        .entry_point("main")
        .ok_or_else(|| Error::internal("no entry point"))?;
    let bindings: BTreeMap<u32, DescriptorSetLayoutBinding> = (0..=operands as u32)
        .map(|b| {
            (
                b,
                DescriptorSetLayoutBinding {
                    stages: ShaderStages::COMPUTE,
                    ..DescriptorSetLayoutBinding::descriptor_type(DescriptorType::StorageBuffer)
                },
            )
        })
        .collect();
    let set = DescriptorSetLayout::new(
        gpu.device.clone(),
        DescriptorSetLayoutCreateInfo {
            bindings,
            ..Default::default()
        },
    )
    .map_err(vk_err_in("descriptor set layout"))?;
    let layout = PipelineLayout::new(
        gpu.device.clone(),
        PipelineLayoutCreateInfo {
            set_layouts: vec![set],
            ..Default::default()
        },
    )
    .map_err(vk_err_in("pipeline layout"))?;
    ComputePipeline::new(
        gpu.device.clone(),
        None,
        ComputePipelineCreateInfo::stage_layout(PipelineShaderStageCreateInfo::new(entry), layout),
    )
    .map_err(vk_err_in("compute pipeline"))
}

/// A stage's shader, and its faster form used when the dispatch allows
/// it: a matmul's shared-memory tiled shader (when its grid fits), a
/// generic's 4-lane one (when sizes and starts are multiples of 4).
struct Pipelines {
    plain: Arc<ComputePipeline>,
    fast: Option<Arc<ComputePipeline>>,
}

struct StagePipelines {
    main: Pipelines,
    /// A matmul's epilogue, run as a generic stage after the sums.
    epilogue: Option<Pipelines>,
}

struct Kernel {
    plan: KernelPlan,
    pipelines: Vec<StagePipelines>,
    grid: Option<usize>,
}

pub struct VulkanExecutable {
    gpu: Arc<Gpu>,
    exports: Exports,
    kernels: Vec<Kernel>,
}

type Recorder = AutoCommandBufferBuilder<vulkano::command_buffer::PrimaryAutoCommandBuffer>;

/// One dispatch's resolved sizes and its Vulkan buffers, per plan buffer.
struct Dispatch<'a> {
    plan: &'a KernelPlan,
    dims: &'a [Vec<i64>],
    counts: &'a [u64],
    slots: &'a [i64],
    bufs: &'a [Subbuffer<[u8]>],
}

impl VulkanExecutable {
    fn buffer(&self, bytes: Vec<u8>) -> Result<Subbuffer<[u8]>> {
        let mut bytes = bytes;
        // Vulkan has no empty buffers; 16 bytes keep a clamped index 0
        // inside for every element type.
        if bytes.len() < 16 {
            bytes.resize(16, 0);
        }
        Buffer::from_iter(
            self.gpu.memory.clone(),
            BufferCreateInfo {
                usage: BufferUsage::STORAGE_BUFFER,
                ..Default::default()
            },
            AllocationCreateInfo {
                memory_type_filter: MemoryTypeFilter::PREFER_DEVICE
                    | MemoryTypeFilter::HOST_RANDOM_ACCESS,
                ..Default::default()
            },
            bytes,
        )
        .map_err(|e| Error::resource_exhausted(format!("cannot allocate a Vulkan buffer: {e}")))
    }

    /// Records one stage: its args block, descriptor set and dispatch.
    fn record(
        &self,
        cb: &mut Recorder,
        pipe: &Arc<ComputePipeline>,
        operands: &[Subbuffer<[u8]>],
        args: &[i64],
        total: i64,
        grid: Option<[u32; 3]>,
    ) -> Result<()> {
        let mut bytes = Vec::with_capacity(args.len() * 4);
        for &a in args {
            let a = i32::try_from(a).map_err(|_| {
                // The shaders index with 32 bits: no code for more.
                Error::unimplemented(format!("an index ({a}) does not fit the 32-bit shaders"))
            })?;
            bytes.extend_from_slice(&a.to_le_bytes());
        }
        let args = self.buffer(bytes)?;
        let writes: Vec<WriteDescriptorSet> = operands
            .iter()
            .chain(std::iter::once(&args))
            .enumerate()
            .map(|(k, b)| WriteDescriptorSet::buffer(k as u32, b.clone()))
            .collect();
        let layout = pipe.layout().clone();
        let set = DescriptorSet::new(
            self.gpu.sets.clone(),
            layout.set_layouts()[0].clone(),
            writes,
            [],
        )
        .map_err(vk_err_in("descriptor set"))?;
        let groups = (total as u64).div_ceil(u64::from(spirv::WORKGROUP)).max(1);
        let x = groups.min(u64::from(self.gpu.max_groups[0]));
        let y = groups.div_ceil(x).min(u64::from(self.gpu.max_groups[1]));
        let [x, y, z] = grid.unwrap_or([x as u32, y as u32, 1]);
        cb.bind_pipeline_compute(pipe.clone())
            .map_err(internal)?
            .bind_descriptor_sets(PipelineBindPoint::Compute, layout, 0, set)
            .map_err(internal)?;
        // SAFETY: the shader's accesses were bounds-checked against the
        // buffers (`resolve`) and every index fits 32 bits.
        unsafe { cb.dispatch([x, y, z]) }.map_err(internal)?;
        Ok(())
    }

    /// Records a generic stage: its 4-lane form when the sizes allow it.
    fn record_generic(
        &self,
        cb: &mut Recorder,
        g: &GenericPlan,
        p: &Pipelines,
        d: &Dispatch,
    ) -> Result<()> {
        let Some((mut a, total)) = Self::generic_args(g, d.plan, d.dims, d.counts, d.slots)? else {
            return Ok(());
        };
        let ops: Vec<_> = g
            .inputs
            .iter()
            .chain(std::iter::once(&g.output))
            .map(|a| d.bufs[a.buffer].clone())
            .collect();
        match (&p.fast, vec4_ready(g, &a)) {
            (Some(fast), true) => {
                a[0] /= 4;
                self.record(cb, fast, &ops, &a, total / 4, None)
            }
            _ => self.record(cb, &p.plain, &ops, &a, total, None),
        }
    }

    /// The args block of a generic stage and its parallel iteration count;
    /// `None` when the domain is empty.
    fn generic_args(
        g: &GenericPlan,
        plan: &KernelPlan,
        dims: &[Vec<i64>],
        counts: &[u64],
        slots: &[i64],
    ) -> Result<Option<(Vec<i64>, i64)>> {
        let domain: Vec<i64> = g.domain.iter().map(|&s| slots[s]).collect();
        if domain.iter().any(|&d| d < 0) {
            return Err(Error::invalid_argument("a negative loop bound"));
        }
        if domain.contains(&0) {
            return Ok(None);
        }
        let symbols: Vec<i64> = g.symbols.iter().map(|&s| slots[s]).collect();
        let n = g.inputs.len() + 1;
        let l = spirv::ArgsLayout {
            operands: n,
            rank: domain.len(),
        };
        let mut args = vec![0i64; l.words()];
        let total: i64 = domain[..g.parallel].iter().product();
        args[l.total()] = total;
        for (d, &s) in domain.iter().enumerate() {
            args[l.size(d)] = s;
        }
        for (k, a) in g
            .inputs
            .iter()
            .chain(std::iter::once(&g.output))
            .enumerate()
        {
            let read_only = matches!(plan.buffers[a.buffer].kind, BufferKind::Constant(_));
            let r = resolve(
                a,
                &dims[a.buffer],
                counts[a.buffer],
                read_only,
                &domain,
                &symbols,
                k == n - 1,
            )?;
            args[l.base(k)] = r.base;
            for (d, c) in r.coefs.into_iter().enumerate() {
                args[l.coef(k, d)] = c;
            }
        }
        Ok(Some((args, total)))
    }

    fn run(&self, kernel: &Kernel, args: &DispatchArgs) -> Result<()> {
        let plan = &kernel.plan;
        let lens: Vec<usize> = args.bindings.iter().map(|b| b.len()).collect();
        let (slots, sizes) = dispatch_sizes(plan, &args.constants, &lens)?;
        let bufs = self.upload(plan, &sizes, args)?;
        let counts: Vec<u64> = sizes.iter().map(|s| s.count).collect();
        let dims: Vec<Vec<i64>> = sizes.into_iter().map(|s| s.dims).collect();
        if let Some(b) = kernel.grid {
            check_grid(&plan.name, &dims[b], args.workgroups)?;
        }
        let mut cb = AutoCommandBufferBuilder::primary(
            self.gpu.commands.clone(),
            self.gpu.queue.queue_family_index(),
            CommandBufferUsage::OneTimeSubmit,
        )
        .map_err(vk_err)?;
        let state = Dispatch {
            plan,
            dims: &dims,
            counts: &counts,
            slots: &slots,
            bufs: &bufs,
        };
        let written = self.record_stages(&mut cb, kernel, &state)?;
        self.submit(cb, &plan.name)?;
        copy_back(&state, written, args)
    }

    /// The device buffer of each of the plan's buffers: bindings copied in,
    /// allocations zeroed, constants uploaded, reshapes sharing their source.
    fn upload(
        &self,
        plan: &KernelPlan,
        sizes: &[BufferSize],
        args: &DispatchArgs,
    ) -> Result<Vec<Subbuffer<[u8]>>> {
        let mut bufs: Vec<Subbuffer<[u8]>> = Vec::new();
        for (b, size) in plan.buffers.iter().zip(sizes) {
            if size.bytes as u64 > self.gpu.max_range {
                // A device limit this backend has no code around.
                return Err(Error::unimplemented(format!(
                    "@{}: a buffer of {} bytes exceeds the device's storage buffer range ({})",
                    plan.name, size.bytes, self.gpu.max_range
                )));
            }
            let vb = match &b.kind {
                BufferKind::Binding(i) => {
                    let mut data = vec![0u8; size.bytes];
                    args.bindings[*i].read(0, &mut data)?;
                    self.buffer(data)?
                }
                BufferKind::Alloc => self.buffer(vec![0u8; size.bytes])?,
                BufferKind::Constant(data) => self.buffer(data.to_vec())?,
                BufferKind::Reshape(src) => bufs[*src].clone(),
            };
            bufs.push(vb);
        }
        Ok(bufs)
    }

    /// Records every stage of the kernel, in order; returns the buffers they
    /// write. A stage's error names the kernel, the stage and its origin.
    fn record_stages(
        &self,
        cb: &mut Recorder,
        kernel: &Kernel,
        d: &Dispatch,
    ) -> Result<HashSet<usize>> {
        let plan = d.plan;
        let mut written = HashSet::new();
        for (i, (st, pipes)) in plan.stages.iter().zip(&kernel.pipelines).enumerate() {
            let at = plan.origins.get(i).map(String::as_str).unwrap_or("?");
            let fail = |e: Error| {
                e.context(format_args!(
                    "in kernel @{} (stage {i}, at {at})",
                    plan.name
                ))
            };
            match st {
                Stage::Generic(g) => {
                    written.insert(g.output.buffer);
                    self.record_generic(cb, g, &pipes.main, d)
                }
                Stage::Matmul(m) => {
                    written.insert(m.out);
                    self.record_matmul(cb, m, pipes, d)
                }
                Stage::Conv(_) | Stage::Pool(_) => {
                    Err(Error::unimplemented("kernel.conv or kernel.pool on vulkan"))
                }
                Stage::Attention(_) => Err(Error::unimplemented("kernel.attention on vulkan")),
                Stage::Gather(gp) => {
                    written.insert(gp.out);
                    self.record_gather(cb, gp, &pipes.main, d)
                }
                Stage::Scatter(sp) => {
                    written.insert(sp.out);
                    self.record_scatter(cb, sp, &pipes.main, d)
                }
            }
            .map_err(fail)?;
        }
        Ok(written)
    }

    /// Records a matmul stage (tiled when the device's grid allows it), then
    /// its epilogue.
    fn record_matmul(
        &self,
        cb: &mut Recorder,
        m: &MatmulPlan,
        pipes: &StagePipelines,
        d: &Dispatch,
    ) -> Result<()> {
        let (l, r, o) = (&d.dims[m.lhs], &d.dims[m.rhs], &d.dims[m.out]);
        let rank = o.len();
        let ok = rank >= 2
            && l.len() == rank
            && r.len() == rank
            && l[..rank - 2] == o[..rank - 2]
            && r[..rank - 2] == o[..rank - 2]
            && l[rank - 2] == o[rank - 2]
            && r[rank - 1] == o[rank - 1]
            && r[rank - 2] == l[rank - 1];
        if !ok {
            return Err(Error::invalid_argument(format!(
                "matmul of shapes {l:?} x {r:?} into {o:?}"
            )));
        }
        let total = d.counts[m.out] as i64;
        if total > 0 {
            let a = [total, o[rank - 2], o[rank - 1], l[rank - 1]];
            let ops = [
                d.bufs[m.lhs].clone(),
                d.bufs[m.rhs].clone(),
                d.bufs[m.out].clone(),
            ];
            // Tiled when its grid (one workgroup per output
            // tile, batches along z) fits the device's.
            let tiles = [
                (o[rank - 1] as u64).div_ceil(u64::from(spirv::TILE)),
                (o[rank - 2] as u64).div_ceil(u64::from(spirv::TILE)),
                d.counts[m.out] / (o[rank - 2] * o[rank - 1]) as u64,
            ];
            let fits = (0..3).all(|k| tiles[k] <= u64::from(self.gpu.max_groups[k]));
            match (&pipes.main.fast, fits) {
                (Some(tiled), true) => {
                    let grid = tiles.map(|t| t as u32);
                    self.record(cb, tiled, &ops, &a, total, Some(grid))
                }
                _ => self.record(cb, &pipes.main.plain, &ops, &a, total, None),
            }?;
        }
        if let (Some(e), Some(p)) = (&m.epilogue, &pipes.epilogue) {
            self.record_generic(cb, e, p, d)?;
        }
        Ok(())
    }

    /// Records a gather stage (none when its result is empty).
    fn record_gather(
        &self,
        cb: &mut Recorder,
        gp: &GatherPlan,
        p: &Pipelines,
        d: &Dispatch,
    ) -> Result<()> {
        let (outer, dim, inner, k) = gp.sizes(d.dims)?;
        let total = outer * k * inner;
        if total == 0 {
            return Ok(());
        }
        // The shader's offsets are 32-bit.
        if d.counts[gp.input] > i32::MAX as u64 {
            return Err(Error::unimplemented(format!(
                "a gather input of {} elements does not fit the 32-bit shaders",
                d.counts[gp.input]
            )));
        }
        let a = [total as i64, dim as i64, inner as i64, k as i64];
        let ops = [
            d.bufs[gp.input].clone(),
            d.bufs[gp.indices].clone(),
            d.bufs[gp.out].clone(),
        ];
        self.record(cb, &p.plain, &ops, &a, total as i64, None)
    }

    /// Records a scatter stage (none when there are no data rows or columns:
    /// the output is then empty and the updates dropped).
    fn record_scatter(
        &self,
        cb: &mut Recorder,
        sp: &ScatterPlan,
        p: &Pipelines,
        d: &Dispatch,
    ) -> Result<()> {
        let (n, inner, k) = sp.sizes(d.dims)?;
        if n == 0 || inner == 0 {
            return Ok(());
        }
        // The shader's offsets are 32-bit.
        let most = (n * inner).max(k * inner);
        if most > i32::MAX as u64 {
            return Err(Error::unimplemented(format!(
                "a scatter of {most} elements does not fit the 32-bit shaders"
            )));
        }
        let a = [inner as i64, n as i64, k as i64];
        let ops = [
            d.bufs[sp.data].clone(),
            d.bufs[sp.indices].clone(),
            d.bufs[sp.updates].clone(),
            d.bufs[sp.out].clone(),
        ];
        self.record(cb, &p.plain, &ops, &a, inner as i64, None)
    }

    /// Runs the recorded commands on the queue and waits for them.
    fn submit(&self, cb: Recorder, kernel: &str) -> Result<()> {
        let cb = cb.build().map_err(vk_err)?;
        sync::now(self.gpu.device.clone())
            .then_execute(self.gpu.queue.clone(), cb)
            .map_err(internal)?
            .then_signal_fence_and_flush()
            .map_err(vk_err)?
            .wait(None)
            .map_err(|e| {
                let kind = match vk_kind(&e) {
                    ErrorKind::Internal => ErrorKind::Unavailable,
                    k => k,
                };
                Error::new(kind, format!("@{kernel}: the device failed: {e}"))
            })?;
        Ok(())
    }
}

/// Copies back the bindings the stages wrote (through views too).
fn copy_back(d: &Dispatch, written: HashSet<usize>, args: &DispatchArgs) -> Result<()> {
    let plan = d.plan;
    let mut done = HashSet::new();
    for mut b in written {
        while let BufferKind::Reshape(src) = plan.buffers[b].kind {
            b = src;
        }
        if let BufferKind::Binding(i) = plan.buffers[b].kind {
            if done.insert(i) {
                let bytes = d.counts[b] as usize * plan.buffers[b].elem.byte_size();
                let data = d.bufs[b].read().map_err(internal)?;
                args.bindings[i].write(0, &data[..bytes])?;
            }
        }
    }
    Ok(())
}

impl Executable for VulkanExecutable {
    fn export_ordinal(&self, name: &str) -> Option<usize> {
        self.exports.ordinal(name)
    }

    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()> {
        let (_, index) = self.exports.get(ordinal)?;
        self.run(&self.kernels[index], args)
    }
}
