# One INTERFACE target carries the compile policy; every Keyright target links it.
add_library(keyright_policy INTERFACE)
add_library(Keyright::policy ALIAS keyright_policy)

target_compile_features(keyright_policy INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

target_compile_options(keyright_policy INTERFACE
    -Wall -Wextra -pedantic
    -Wold-style-cast -Wnon-virtual-dtor -Woverloaded-virtual
    -Wshadow=local -Wimplicit-fallthrough)

if(KEYRIGHT_WERROR)
    target_compile_options(keyright_policy INTERFACE -Werror)
endif()

target_compile_definitions(keyright_policy INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_DISABLE_DEPRECATED_BEFORE=0x060400
    KEYRIGHT_VERSION="${PROJECT_VERSION}")

if(KEYRIGHT_SANITIZE)
    target_compile_options(keyright_policy INTERFACE
        -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(keyright_policy INTERFACE -fsanitize=address,undefined)
endif()
